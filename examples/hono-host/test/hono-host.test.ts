import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "@connector/store";
import { createDatabase } from "@connector/store/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningHost, startHost } from "../src/start-host.js";

let directory: string;
let host: RunningHost;
const failures: unknown[] = [];

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "example-hono-host-"));
  host = await startHost({ databaseUrl: join(directory, "host.db"), port: 0, reportError: (error) => failures.push(error) });
});

afterAll(async () => {
  await host?.close();
  await rm(directory, { recursive: true, force: true });
});

function call(path: string, init: { key?: string; body?: unknown; method?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.key !== undefined) headers.authorization = `Bearer ${init.key}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${host.url}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

describe("the example Hono host (core and store alone)", () => {
  it("listens on loopback", () => {
    expect(new URL(host.url).hostname).toBe("127.0.0.1");
  });

  it("lists the tools of the caller's workspace, each with the scope it needs", async () => {
    const response = await call("/tools", { key: host.keys.deskReader });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { workspace: string; tools: Array<{ name: string; scope: string; inputSchema: unknown }> };
    expect(body.workspace).toBe("desk");
    const names = body.tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["list_accounts", "create_placement_draft", "get_connector_capabilities"]));
    // Resolve's tools belong to the other workspace.
    expect(names).not.toContain("relay_approved_offer");
    expect(body.tools.find((tool) => tool.name === "create_placement_draft")?.scope).toBe("desk:drafts");
    expect(body.tools.find((tool) => tool.name === "list_accounts")?.inputSchema).toMatchObject({ type: "object" });

    const resolve = (await (await call("/tools", { key: host.keys.resolveUser })).json()) as { tools: Array<{ name: string }> };
    expect(resolve.tools.map((tool) => tool.name)).toContain("relay_approved_offer");
    expect(resolve.tools.map((tool) => tool.name)).not.toContain("list_accounts");
  });

  it("runs a tool the key's scope allows and answers its result", async () => {
    const response = await call("/tools/list_accounts", { key: host.keys.deskReader, body: { limit: 5 } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { accounts: Array<{ reference: string }>; nextCursor: string | null };
    expect(body.accounts).toHaveLength(5);
    expect(body.accounts[0]?.reference).toMatch(/^HRP-/);
    expect(body.nextCursor).toEqual(expect.any(String));
  });

  it("takes no body as no arguments", async () => {
    const response = await fetch(`${host.url}/tools/get_connector_capabilities`, {
      method: "POST",
      headers: { authorization: `Bearer ${host.keys.deskReader}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ workspace: "desk" });
  });

  it("answers the tool's own result shape, which leaves out the people behind the accounts", async () => {
    const response = await call("/tools/list_accounts", { key: host.keys.deskReader, body: { limit: 20 } });
    const text = await response.text();
    const { accounts } = JSON.parse(text) as { accounts: Array<Record<string, unknown>> };
    for (const account of accounts) {
      expect(Object.keys(account).sort()).toEqual(["accountId", "caseStatus", "faceAmount", "placedAt", "reference", "statusUpdatedAt"]);
    }
    // The same rows in the database hold names, emails, phones and SSN digits: none reaches the answer.
    const database: Database = await createDatabase({ url: join(directory, "host.db") });
    try {
      const rows = await database.db
        .selectFrom("accounts")
        .select(["debtor_name", "debtor_email", "debtor_phone", "debtor_ssn_last4", "internal_note"])
        .where("id", "in", accounts.map((account) => String(account.accountId)))
        .execute();
      expect(rows).toHaveLength(20);
      const personal = rows.flatMap((row) => Object.values(row)).filter((value): value is string => typeof value === "string" && value.length > 0);
      expect(personal.length).toBeGreaterThan(20);
      for (const value of personal) expect(text).not.toContain(JSON.stringify(value));
    } finally {
      await database.close();
    }
  });

  it("refuses a tool the key's scope does not allow: 403 insufficient_scope, nothing saved", async () => {
    const response = await call("/tools/create_placement_draft", {
      key: host.keys.deskReader,
      body: { title: "Should not be saved", accounts: [] },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: { code: "insufficient_scope", message: expect.stringContaining("desk:drafts") },
    });
    const drafts = (await (await call("/tools/list_placement_drafts", { key: host.keys.deskReader, body: {} })).json()) as {
      drafts: unknown[];
    };
    expect(drafts.drafts).toEqual([]);
  });

  it("refuses bad input with core's 400 invalid_input naming the field", async () => {
    const response = await call("/tools/list_accounts", { key: host.keys.deskReader, body: { limit: "many" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "invalid_input", field: "limit" } });
  });

  it("refuses a body that is not JSON: 400 invalid_input, or 415 when it says it is something else", async () => {
    const broken = await fetch(`${host.url}/tools/list_accounts`, {
      method: "POST",
      headers: { authorization: `Bearer ${host.keys.deskReader}`, "content-type": "application/json" },
      body: "{",
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: { code: "invalid_input" } });
    const text = await fetch(`${host.url}/tools/list_accounts`, {
      method: "POST",
      headers: { authorization: `Bearer ${host.keys.deskReader}`, "content-type": "text/plain" },
      body: "limit=5",
    });
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ error: { code: "unsupported_media_type" } });
  });

  it("answers 404 unknown_tool for a tool of the other workspace", async () => {
    const response = await call("/tools/relay_approved_offer", { key: host.keys.deskReader, body: {} });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "unknown_tool" } });
  });

  it("answers 401 when the request names no principal, and runs nothing", async () => {
    for (const response of [await call("/tools"), await call("/tools/list_accounts", { body: { limit: 5 } })]) {
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer /);
      expect(await response.json()).toMatchObject({ error: { code: "authentication_required" } });
    }
  });

  it("answers 401 invalid_api_key for a key it does not know", async () => {
    const response = await call("/tools", { key: "not-a-key-of-this-host" });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: "invalid_api_key" } });
  });

  it("refuses a body over 64 KiB with 413 before running the tool", async () => {
    const response = await call("/tools/list_accounts", { key: host.keys.deskReader, body: { cursor: "x".repeat(70 * 1024) } });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: "payload_too_large" } });
  });

  it("reported no failure of its own along the way", () => {
    expect(failures).toEqual([]);
  });
});
