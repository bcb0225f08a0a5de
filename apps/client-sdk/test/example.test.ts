import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { BrowserSession, giveConsent } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS, type SdkService, startSdkService } from "./support/sdk-service.js";

let service: SdkService;
let directory: string;

beforeAll(async () => {
  service = await startSdkService();
  directory = await mkdtemp(join(tmpdir(), "sdk-example-"));
});
afterAll(async () => {
  await service?.close();
  await rm(directory, { recursive: true, force: true });
});

/** Runs one of the README's examples as a user would (`node <file>.mts`), answering the consent step as the demo owner. */
async function runExample(file = "connect-desk.mts", tokenFile = "connection.json"): Promise<{ code: number | null; output: string[]; errors: string }> {
  const child = spawn(process.execPath, [new URL(`../examples/${file}`, import.meta.url).pathname], {
    env: { ...process.env, CONNECTOR_URL: service.baseUrl, CALLBACK_PORT: "0", TOKEN_FILE: join(directory, tokenFile) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const output: string[] = [];
  for await (const line of createInterface({ input: child.stdout! })) {
    output.push(line);
    if (line.startsWith(`${service.baseUrl}/oauth/authorize?`)) {
      const session = new BrowserSession(service.baseUrl);
      await session.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
      const callback = await giveConsent(session, new URL(line));
      await (await fetch(callback)).text();
    }
  }
  const code = await new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on("exit", resolve);
  });
  return { code, output, errors };
}

describe("the README's runnable examples", () => {
  it("connects, lists accounts, saves a draft and handles a 409; a second run reuses the stored connection", async () => {
    const first = await runExample();
    expect(first.code).toBe(0);
    const text = first.output.join("\n");
    expect(text).toContain("accounts in total: 300");
    expect(text).toMatch(/draft [0-9a-f-]{36} is awaiting_review/);
    expect(text).toContain("409 idempotency_conflict");

    const second = await runExample();
    expect(second.code).toBe(0);
    expect(second.output.some((line) => line.includes("/oauth/authorize?"))).toBe(false);
    expect(second.output.join("\n")).toContain("accounts in total: 300");
  });

  it("connects the MCP SDK v2 through the provider, reconnects after finishAuth and calls a tool, without the SDK's warnings", async () => {
    const { code, output, errors } = await runExample("connect-mcp.mts", "mcp-connection.json");
    expect(code, errors).toBe(0);
    expect(errors).not.toContain("[mcp-sdk]");
    const text = output.join("\n");
    expect(text).toContain("/oauth/authorize?");
    const json = text.slice(text.indexOf("{"));
    expect(JSON.parse(json).accounts).toHaveLength(3);
  });
});
