import { TEST_DIALECTS } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserAt } from "./helpers/browser-at.js";
import { type TestServer, startTestServer } from "./helpers/test-server.js";


const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Issue 51, finding 4: 22 wrong sign-ins for 22 emails from one address (everyone behind one NAT or
 * proxy shares it) used up the address's 20, and then the owner, holding a valid device cookie, got
 * 429 for up to 15 minutes. The device cookie (OWASP's pattern) now carries its holder past the address
 * limit for that account; a browser without one at that address stays refused.
 */
describe.each(TEST_DIALECTS)("the per-address sign-in limit cannot lock the owner out, on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // The service's default: 20 failed sign-ins per address in 15 minutes.
    server = await startTestServer(dialect, { failedSignInsPer15Minutes: 20 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("replays the attack: the owner's known browser signs in; a new browser and the consumer there stay refused", async () => {
    const { email, password } = server.deskOwner;
    server.clock.advance(FAILURE_WINDOW_MS - (server.clock.now() % FAILURE_WINDOW_MS));
    const address = "127.0.0.90";
    // The owner signed in here before: their browser holds a device cookie for the account.
    const owner = new BrowserAt(server.baseUrl, address);
    expect((await owner.signIn(email, password)).status).toBe(303);
    const device = owner.cookie("connector_device")!;
    expect(device).toBeDefined();

    const attacker = new BrowserAt(server.baseUrl, address);
    const answers: number[] = [];
    for (let index = 0; index < 22; index++) answers.push((await attacker.signIn(`someone-${index}@elsewhere.example`, "a guessed password")).status);
    expect(answers.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(answers.slice(20)).toEqual([429, 429]);

    // The owner comes back, signed out, from the same address: the device cookie carries them past it.
    const returning = new BrowserAt(server.baseUrl, address);
    returning.setCookie("connector_device", device);
    expect((await returning.signIn(email, password)).status).toBe(303);

    // Untrusted browsers there stay paced: the owner's password from a new browser, and another person.
    expect((await new BrowserAt(server.baseUrl, address).signIn(email, password)).status).toBe(429);
    expect((await new BrowserAt(server.baseUrl, address).signIn(server.consumer.email, server.consumer.password)).status).toBe(429);
    // The owner's cookie is for the owner's account only: it carries no one past the limit for another.
    const borrowed = new BrowserAt(server.baseUrl, address);
    borrowed.setCookie("connector_device", device);
    expect((await borrowed.signIn(server.consumer.email, server.consumer.password)).status).toBe(429);
  });
});
