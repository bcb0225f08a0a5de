import { DPOP_ALGORITHMS } from "@connector/auth";
import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "./support/test-service.js";
import { callMcp, callRest, connectMcp } from "./support/tool-callers.js";

let service: TestService;
let desk: { accessToken: string };
let deskReadOnly: { accessToken: string };
let resolve: { accessToken: string };

beforeAll(async () => {
  service = await startTestService(EMBEDDED_TEST_DIALECT);
  desk = await service.connect({ workspace: "desk" });
  deskReadOnly = await service.connect({ workspace: "desk", scopes: ["desk:read"] });
  resolve = await service.connect({ workspace: "resolve" });
});
afterAll(async () => {
  await service?.close();
});

const resourceMetadata = (workspace: string) =>
  `resource_metadata="${service.baseUrl}/.well-known/oauth-protected-resource/mcp/${workspace}"`;
/** Every challenge also offers DPoP (RFC 9449 §7.1) with the algorithms it accepts. */
const DPOP_OFFER = `, DPoP algs="${DPOP_ALGORITHMS.join(" ")}"`;

describe("REST error statuses (spec §7)", () => {
  it("400 invalid_input names the field of a schema violation", async () => {
    const response = await callRest(service.baseUrl, desk.accessToken, "desk", "list_accounts", { limit: 51 });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: "invalid_input", field: "limit" });
  });

  it("400 invalid_input for an unknown property", async () => {
    const response = await callRest(service.baseUrl, desk.accessToken, "desk", "list_placement_drafts", { extra: 1 });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: "invalid_input", field: "extra" });
  });

  it("400 invalid_input for a body that is not JSON", async () => {
    const response = await callRest(service.baseUrl, desk.accessToken, "desk", "list_accounts", undefined, { body: "{limit:" });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid_input");
  });

  it("400 forbidden_personal_data names the field and never echoes an SSN", async () => {
    const response = await callRest(service.baseUrl, desk.accessToken, "desk", "create_placement_draft", {
      title: "Import",
      accounts: [{ reference: "R-1", name: "SSN 123-45-6789", amount: 10 }],
      idempotencyKey: "pii-check-000000001",
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: "forbidden_personal_data", field: "accounts.0.name" });
    expect(JSON.stringify(response.body)).not.toContain("6789");
  });

  it("nine-digit business numbers pass over REST and MCP; the same digits labelled as an SSN are refused, never echoed", async () => {
    const client = await connectMcp(service.baseUrl, "resolve", resolve.accessToken);
    try {
      const draft = (recipient: string, reference: string, key: string) => ({
        kind: "documents",
        recipient,
        reference,
        channel: "written",
        idempotencyKey: key,
      });
      const ordinary = draft("Harbor Recovery, agency file 430918275", "Invoice 582047316", "nine-digit-ok-000001");
      expect((await callRest(service.baseUrl, resolve.accessToken, "resolve", "create_consumer_request_draft", ordinary)).status).toBe(200);
      expect((await callMcp(client, "create_consumer_request_draft", { ...ordinary, idempotencyKey: "nine-digit-ok-000002" })).isError).toBe(false);

      const labelled = draft("Harbor Recovery", "my SSN is 582047316", "nine-digit-ssn-000001");
      const rest = await callRest(service.baseUrl, resolve.accessToken, "resolve", "create_consumer_request_draft", labelled);
      expect(rest.status).toBe(400);
      const mcp = await callMcp(client, "create_consumer_request_draft", labelled);
      expect(mcp.isError).toBe(true);
      for (const body of [rest.body, mcp.body]) {
        expect(body.error).toMatchObject({ code: "forbidden_personal_data", field: "reference" });
        expect(JSON.stringify(body)).not.toMatch(/582047316|7316/);
      }
    } finally {
      await client.close();
    }
  });

  it("400 forbidden_personal_data for personal data in a property name, without repeating it", async () => {
    for (const args of [{ "123-45-6789": 1 }, { title: "t", accounts: [{ reference: "r", name: "n", amount: 1, "4111 1111 1111 1111": "x" }], idempotencyKey: "pii-key-name-000001" }]) {
      const tool = "accounts" in args ? "create_placement_draft" : "list_placement_drafts";
      const response = await callRest(service.baseUrl, desk.accessToken, "desk", tool, args);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe("forbidden_personal_data");
      expect(JSON.stringify(response.body)).not.toMatch(/6789|1111/);
    }
  });

  it("401 connection_required with a resource_metadata challenge when no token is sent", async () => {
    const response = await callRest(service.baseUrl, undefined, "desk", "list_accounts", {});
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("connection_required");
    expect(response.headers.get("www-authenticate")).toBe(`Bearer ${resourceMetadata("desk")}${DPOP_OFFER}`);
  });

  it("401 invalid_token for an unknown token, with error=\"invalid_token\"", async () => {
    const response = await callRest(service.baseUrl, "not-a-real-token", "desk", "list_accounts", {});
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("invalid_token");
    expect(response.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect(response.headers.get("www-authenticate")).toContain(resourceMetadata("desk"));
  });

  it("401 wrong_workspace when a Resolve token calls a Desk tool, told apart from an expired token in body and challenge", async () => {
    const response = await callRest(service.baseUrl, resolve.accessToken, "desk", "list_accounts", {});
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("wrong_workspace");
    expect(response.headers.get("www-authenticate")).toBe(
      `Bearer ${resourceMetadata("desk")}, error="invalid_token", error_description="This access token is for the resolve workspace, not desk; refreshing it cannot help. Connect desk separately."${DPOP_OFFER}`,
    );
  });

  it("403 insufficient_scope names the missing scope", async () => {
    const response = await callRest(service.baseUrl, deskReadOnly.accessToken, "desk", "create_placement_draft", {
      title: "t",
      accounts: [{ reference: "r", name: "n", amount: 1 }],
      idempotencyKey: "scope-check-00000001",
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("insufficient_scope");
    expect(response.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
    expect(response.headers.get("www-authenticate")).toContain('scope="desk:drafts"');
  });

  it("404 unknown_tool for a tool that does not exist or belongs to the other workspace", async () => {
    for (const path of ["desk/tools/delete_everything", "resolve/tools/list_accounts", "bank/tools/list_accounts"]) {
      const [workspace, , tool] = path.split("/");
      const token = workspace === "resolve" ? resolve.accessToken : desk.accessToken;
      const response = await callRest(service.baseUrl, token, workspace!, tool!, {});
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("unknown_tool");
    }
  });

  it("404 not_found for a draft another connection created", async () => {
    const saved = await callRest(service.baseUrl, desk.accessToken, "desk", "create_placement_draft", {
      title: "Mine",
      accounts: [{ reference: "R-9", name: "Sam", amount: 5 }],
      idempotencyKey: "own-draft-000000001",
    });
    const other = await callRest(service.baseUrl, deskReadOnly.accessToken, "desk", "get_draft_status", {
      draftId: saved.body.draft.draftId,
    });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe("not_found");
  });

  it("413 payload_too_large for a body over 64 KiB, before it is parsed", async () => {
    const body = JSON.stringify({ title: "x".repeat(70 * 1024) });
    const response = await callRest(service.baseUrl, desk.accessToken, "desk", "create_placement_draft", undefined, { body });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe("payload_too_large");
  });

  it("400 invalid_input for an address with broken percent-encoding, on every route", async () => {
    for (const path of ["/api/connectors/v1/%E0/tools/x", "/mcp/%E0", "/.well-known/oauth-protected-resource/mcp/%E0"]) {
      const response = await fetch(`${service.baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as any).error.code).toBe("invalid_input");
    }
  });

  it("400 invalid_input for a JSON body that is not an object", async () => {
    for (const body of ["null", "42", '"text"']) {
      const response = await callRest(service.baseUrl, desk.accessToken, "desk", "list_placement_drafts", undefined, { body });
      expect(response.status, body).toBe(400);
      expect(response.body.error.code).toBe("invalid_input");
    }
  });

  it("415 unsupported_media_type for a body that is not declared as JSON", async () => {
    const response = await callRest(service.baseUrl, desk.accessToken, "desk", "list_accounts", undefined, {
      body: "limit=5",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(415);
    expect(response.body.error.code).toBe("unsupported_media_type");
  });

  it("a 200 carries the rate-limit headers", async () => {
    const response = await callRest(service.baseUrl, desk.accessToken, "desk", "get_connector_capabilities", {});
    expect(response.status).toBe(200);
    expect(response.headers.get("ratelimit-policy")).toBe('"per-grant";q=120;w=60');
    expect(response.headers.get("ratelimit")).toMatch(/^"per-grant";r=\d+;t=\d+$/);
  });
});

describe("MCP errors", () => {
  const post = (workspace: string, token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${service.baseUrl}/mcp/${workspace}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...headers,
      },
      body: JSON.stringify(body),
    });
  const listTools = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };

  it("answers an unauthenticated request with HTTP 401 and the same challenge as REST", async () => {
    const response = await post("desk", undefined, listTools);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(`Bearer ${resourceMetadata("desk")}${DPOP_OFFER}`);
  });

  it("answers an unauthenticated GET with the 401 challenge, and an authenticated one with 405", async () => {
    const anonymous = await fetch(`${service.baseUrl}/mcp/resolve`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toBe(`Bearer ${resourceMetadata("resolve")}${DPOP_OFFER}`);
    const signedIn = await fetch(`${service.baseUrl}/mcp/resolve`, { headers: { authorization: `Bearer ${resolve.accessToken}` } });
    expect(signedIn.status).toBe(405);
    expect(signedIn.headers.get("allow")).toBe("POST");
  });

  it("answers a notification with 202 and no body", async () => {
    const response = await post("desk", desk.accessToken, { jsonrpc: "2.0", method: "notifications/initialized" });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe("");
  });

  it("refuses a client that does not accept JSON and event streams (406), an unknown protocol version (400) and non-JSON-RPC (400)", async () => {
    const notAcceptable = await post("desk", desk.accessToken, listTools, { accept: "application/json" });
    expect(notAcceptable.status).toBe(406);
    const badVersion = await post("desk", desk.accessToken, listTools, { "mcp-protocol-version": "1999-01-01" });
    expect(badVersion.status).toBe(400);
    expect(((await badVersion.json()) as any).error.message).toContain("Unsupported protocol version");
    // JSON, but not JSON-RPC: an Invalid Request (a parse error is for a body that is not JSON at all).
    const notRpc = await post("desk", desk.accessToken, { hello: "world" });
    expect(notRpc.status).toBe(400);
    expect(((await notRpc.json()) as any).error.code).toBe(-32600);
  });

  it("answers one tools/call itself exactly as the SDK's server answers the same call", async () => {
    // A plain call is answered by the router; the same call with `_meta` (here empty) goes through the
    // SDK's transport and server, which must answer it alike.
    const calls = [
      { jsonrpc: "2.0", id: "page", method: "tools/call", params: { name: "list_accounts", arguments: { limit: 3 } } },
      { jsonrpc: "2.0", id: 41, method: "tools/call", params: { name: "list_accounts", arguments: { limit: 51 } } },
      { jsonrpc: "2.0", id: 42, method: "tools/call", params: { name: "no_such_tool" } },
    ];
    for (const call of calls) {
      // The same request id on both, since error results name it.
      const requestId = { "x-request-id": `parity-${String(call.id)}` };
      const single = await post("desk", desk.accessToken, call, requestId);
      const throughSdk = await post("desk", desk.accessToken, { ...call, params: { ...call.params, _meta: {} } }, requestId);
      expect(single.status).toBe(200);
      expect(throughSdk.status).toBe(200);
      expect(single.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(single.headers.get("ratelimit")).toMatch(/^"per-grant";r=\d+;t=\d+$/);
      expect(await single.json()).toEqual(await throughSdk.json());
    }
  });

  it("leaves a malformed tools/call to the SDK, which answers with a JSON-RPC error and runs nothing", async () => {
    const call = { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "list_accounts", arguments: [1] } };
    const response = await post("desk", desk.accessToken, call);
    expect(response.status).toBe(200);
    const body = (await response.json()) as any;
    expect(body).toMatchObject({ jsonrpc: "2.0", id: 3, error: { code: expect.any(Number) } });
    expect(body.result).toBeUndefined();
  });

  it("checks Accept and the protocol version before running a tools/call", async () => {
    const call = { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "list_accounts", arguments: {} } };
    expect((await post("desk", desk.accessToken, call, { accept: "application/json" })).status).toBe(406);
    const badVersion = await post("desk", desk.accessToken, call, { "mcp-protocol-version": "1999-01-01" });
    expect(badVersion.status).toBe(400);
    expect(((await badVersion.json()) as any).error.message).toContain("Unsupported protocol version");
  });

  it("refuses a JSON-RPC batch on every revision (one POST, one call, one count) and runs none of it", async () => {
    const draft = (id: number) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: {
        name: "create_placement_draft",
        arguments: { title: "Batch", accounts: [{ reference: `B-${id}`, name: "A", amount: 1 }], idempotencyKey: `batch-refusal-draft-${id}` },
      },
    });
    for (const version of [undefined, "2025-06-18", "2025-11-25", "2026-07-28"]) {
      const response = await post("desk", desk.accessToken, [draft(1), draft(2)], version === undefined ? {} : { "mcp-protocol-version": version });
      expect(response.status, version).toBe(400);
      expect(await response.json(), version).toEqual({
        jsonrpc: "2.0",
        error: { code: -32600, message: "JSON-RPC batches are not accepted here: send one request per POST." },
      });
    }
    const listed = await post("desk", desk.accessToken, { jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "list_placement_drafts" } });
    const drafts = ((await listed.json()) as any).result.structuredContent.drafts as { title: string }[];
    expect(drafts.filter((saved) => saved.title === "Batch")).toEqual([]);
  });

  it("challenges an unauthenticated POST before looking at its body", async () => {
    const response = await fetch(`${service.baseUrl}/mcp/desk`, { method: "POST", headers: { "content-type": "text/plain" }, body: "x" });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(`Bearer ${resourceMetadata("desk")}${DPOP_OFFER}`);
  });

  it("refuses a body that is not JSON with 415 and the service's error body", async () => {
    const response = await fetch(`${service.baseUrl}/mcp/desk`, {
      method: "POST",
      headers: { "content-type": "text/plain", authorization: `Bearer ${desk.accessToken}` },
      body: "tools/list",
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as any).error.code).toBe("unsupported_media_type");
  });

  it("answers a tool call without its scope with HTTP 403 insufficient_scope", async () => {
    const call = { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "create_placement_draft", arguments: {} } };
    const response = await post("desk", deskReadOnly.accessToken, call);
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toContain('scope="desk:drafts"');
  });

  it("refuses a browser Origin other than the service's own (DNS rebinding)", async () => {
    const response = await post("desk", desk.accessToken, listTools, { origin: "http://evil.example" });
    expect(response.status).toBe(403);
    expect(((await response.json()) as any).error.code).toBe("forbidden_origin");
    const own = await post("desk", desk.accessToken, listTools, { origin: new URL(service.baseUrl).origin });
    expect(own.status).toBe(200);
  });

  it("returns invalid input and not found as isError tool results with the REST error codes", async () => {
    const client = await connectMcp(service.baseUrl, "desk", desk.accessToken);
    try {
      // Listing first makes the SDK client check results against each tool's outputSchema.
      await client.listTools();
      const invalid = await callMcp(client, "list_accounts", { limit: 0 });
      expect(invalid).toEqual({ isError: true, body: expect.objectContaining({ error: expect.objectContaining({ code: "invalid_input", field: "limit" }) }) });
      const missing = await callMcp(client, "get_case_status", { accountId: "0190c3a4-7e3b-7a10-8d2e-5b9c1f0a7e21" });
      expect(missing.body.error.code).toBe("not_found");
      const request = { title: "MCP", accounts: [{ reference: "M-1", name: "Ray", amount: 3 }], idempotencyKey: "mcp-conflict-000001" };
      expect((await callMcp(client, "create_placement_draft", request)).isError).toBe(false);
      const conflict = await callMcp(client, "create_placement_draft", { ...request, title: "Changed" });
      expect(conflict).toEqual({ isError: true, body: { error: expect.objectContaining({ code: "idempotency_conflict" }) } });
      const personal = await callMcp(client, "create_placement_draft", { ...request, idempotencyKey: "mcp-pii-000000001", title: "4111 1111 1111 1111" });
      expect(personal.body.error).toMatchObject({ code: "forbidden_personal_data", field: "title" });
    } finally {
      await client.close();
    }
  });

  it("lists only its workspace's tools, with readOnlyHint on reads", async () => {
    const client = await connectMcp(service.baseUrl, "resolve", resolve.accessToken);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(
        [
          "create_consumer_request_draft",
          "get_connector_capabilities",
          "get_draft_status",
          "get_resolve_guide",
          "list_consumer_requests",
          "relay_approved_offer",
        ],
      );
      const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
      expect(byName.relay_approved_offer!.annotations?.readOnlyHint).toBe(true);
      expect(byName.create_consumer_request_draft!.annotations?.readOnlyHint).toBe(false);
      expect(byName.get_resolve_guide!.title).toBe("Get the Resolve guide");
    } finally {
      await client.close();
    }
  });
});
