import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ConnectorPrincipal, DomainStores, UnitOfWork } from "../src/entries/ports.js";
import { callTool, createRuntime } from "./support/embedding-host.js";

// README.md shows this file as the way a host embeds core; the test keeps the two identical and
// runs the snippet against the built package (it imports "@connector/core", as a host would).
const README = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8");
const SNIPPET = readFileSync(join(import.meta.dirname, "support", "embedding-host.ts"), "utf8");

// These calls never reach persistence (capabilities and refusals); a store touched is a failure.
const untouchedStores = new Proxy({} as UnitOfWork, {
  get(_target, name) {
    throw new Error(`the embedding example touched stores.${String(name)}`);
  },
}) satisfies DomainStores;

const deskPrincipal: ConnectorPrincipal = {
  grantId: "grant-1",
  clientId: "client-1",
  userId: "user-1",
  workspace: "desk",
  scopes: ["desk:read"],
  deskId: "desk-1",
};

describe("embedding core in a host (README.md)", () => {
  const runtime = createRuntime(untouchedStores, "https://host.example/");

  it("shows the tested snippet, word for word", () => {
    expect(README).toContain(`\`\`\`ts\n${SNIPPET}\`\`\``);
  });

  it("calls a tool for an authenticated principal", async () => {
    const answer = await callTool(runtime, deskPrincipal, { workspace: "desk", tool: "get_connector_capabilities", arguments: {} });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ workspace: "desk", grantedScopes: ["desk:read"] });
  });

  it("answers refusals with the status and body of their ServiceError", async () => {
    // The principal is passed explicitly: `undefined` is the signed-out caller, not "the default".
    const call = (tool: string, principal: ConnectorPrincipal | undefined, args: unknown = {}) =>
      callTool(runtime, principal, { workspace: "desk", tool, arguments: args });
    expect(await call("get_connector_capabilities", undefined)).toMatchObject({ status: 401, body: { error: { code: "connection_required" } } });
    expect(await call("no_such_tool", deskPrincipal)).toMatchObject({ status: 404, body: { error: { code: "unknown_tool" } } });
    expect(await call("create_placement_draft", deskPrincipal)).toMatchObject({ status: 403, body: { error: { code: "insufficient_scope" } } });
    expect(await call("get_connector_capabilities", { ...deskPrincipal, workspace: "resolve" })).toMatchObject({
      status: 401,
      body: { error: { code: "wrong_workspace" } },
    });
    expect(await call("get_connector_capabilities", deskPrincipal, { surprise: 1 })).toMatchObject({ status: 400, body: { error: { code: "invalid_input" } } });
  });
});
