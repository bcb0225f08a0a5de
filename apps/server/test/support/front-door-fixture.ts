import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { type AgentCallback, launchChromium, startAgentCallback, watchPageErrors } from "@connector/testkit";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { startTestService, type TestService } from "./test-service.js";

/** Who runs the front door's deployment (OPERATOR_NAME, OPERATOR_CONTACT): named where it says whom to ask. */
export const FRONT_DOOR_OPERATOR = { name: "Connector Support Desk", contact: "support@connector.example" };

export interface FrontDoor {
  readonly service: TestService;
  readonly browser: Browser;
  /** The agent's redirect endpoint, on another origin than the service (as a real agent's is). */
  readonly agentCallback: AgentCallback;
  /** A new browser profile (its own cookies) on `path`, its console watched. */
  open(path: string, options?: BrowserContextOptions): Promise<Page>;
  /** The HTTP status a test expects the browser to report for the page it was sent to (a 403, a 404). */
  expectStatus(status: number): void;
}

/**
 * One service, one Chromium and an agent callback for a file's front-door tests, and after each test
 * no console error (Content-Security-Policy refusals included) but the status the test said to expect.
 * Call at the top of a test file: it registers the file's hooks.
 */
export function useFrontDoor(): FrontDoor {
  let service: TestService | undefined;
  let browser: Browser | undefined;
  let agentCallback: AgentCallback | undefined;
  let context: BrowserContext | undefined;
  let errors: () => string[] = () => [];
  let expectedStatus: number | undefined;

  beforeAll(async () => {
    service = await startTestService(EMBEDDED_TEST_DIALECT, { operator: FRONT_DOOR_OPERATOR });
    browser = await launchChromium();
    agentCallback = await startAgentCallback();
  });
  afterAll(async () => {
    await browser?.close();
    await agentCallback?.close();
    await service?.close();
  });
  afterEach(async () => {
    const expected = `the server responded with a status of ${expectedStatus}`;
    expect(errors().filter((error) => expectedStatus === undefined || !error.includes(expected))).toEqual([]);
    expectedStatus = undefined;
    await context?.close();
  });

  return {
    get service() {
      return service!;
    },
    get browser() {
      return browser!;
    },
    get agentCallback() {
      return agentCallback!;
    },
    async open(path, options = {}) {
      context = await browser!.newContext(options);
      const page = await context.newPage();
      errors = watchPageErrors(page);
      await page.goto(`${service!.baseUrl}${path}`);
      return page;
    },
    expectStatus(status) {
      expectedStatus = status;
    },
  };
}
