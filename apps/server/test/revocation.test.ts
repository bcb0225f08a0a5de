import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { BrowserSession, oauthError, registerClient } from "@connector/testkit";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest, connectMcp } from "./support/tool-callers.js";

/**
 * Issue 9, spec §5.1.10, RFC 7009 §2: a revocation takes effect before the revoking answer is sent,
 * although verified tokens are reused for a second. The service's clock is frozen, so no cached
 * verification ever expires by time during these tests: only the revocation itself can end one.
 */
const now = Date.now();
let service: TestService;

beforeAll(async () => {
  service = await startTestService(EMBEDDED_TEST_DIALECT, { now: () => now });
});
afterAll(async () => {
  await service?.close();
});

/** A connection whose access token has just been used on both adapters (so its verification is cached). */
interface Warmed {
  accessToken: string;
  mcp: Client;
}

/** Each case connects, uses the token, revokes as a client or the server would, and names the token that must stop. */
const CASES: Array<[string, () => Promise<Warmed>]> = [
  [
    "an access token revoked at the revocation endpoint",
    async () => {
      const { accessToken, registered } = await service.connect({ workspace: "desk" });
      const warmed = await warm(accessToken);
      await registered.revoke(accessToken, "access_token");
      return warmed;
    },
  ],
  [
    "the grant of a refresh token revoked at the revocation endpoint",
    async () => {
      const { accessToken, refreshToken, registered } = await service.connect({ workspace: "desk" });
      const warmed = await warm(accessToken);
      await registered.revoke(refreshToken, "refresh_token");
      return warmed;
    },
  ],
  [
    "the grant of a replayed authorization code",
    async () => {
      const session = new BrowserSession(service.baseUrl);
      await session.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
      const registered = await registerClient(service.baseUrl);
      const prepared = await registered.prepare({ scope: "desk:read desk:drafts" });
      const callback = registered.validateCallback(await registered.consent(session, prepared), prepared.state);
      const tokens = await registered.exchange(callback, prepared.verifier);
      const warmed = await warm(tokens.access_token);
      expect(await oauthError(registered.exchange(callback, prepared.verifier))).toEqual({ error: "invalid_grant", status: 400 });
      return warmed;
    },
  ],
  [
    "the grant of a rotated refresh token presented again",
    async () => {
      const { refreshToken, registered } = await service.connect({ workspace: "desk" });
      const rotated = await registered.refresh(refreshToken);
      const warmed = await warm(rotated.access_token);
      expect(await oauthError(registered.refresh(refreshToken))).toEqual({ error: "invalid_grant", status: 400 });
      return warmed;
    },
  ],
];

async function warm(accessToken: string): Promise<Warmed> {
  expect((await capabilitiesOverRest(accessToken)).status).toBe(200);
  const mcp = await connectMcp(service.baseUrl, "desk", accessToken);
  expect((await mcp.callTool({ name: "get_connector_capabilities", arguments: {} })).isError).toBeFalsy();
  return { accessToken, mcp };
}

const capabilitiesOverRest = (accessToken: string) =>
  callRest(service.baseUrl, accessToken, "desk", "get_connector_capabilities", {});

async function expectRefusedOverRest(accessToken: string): Promise<void> {
  const response = await capabilitiesOverRest(accessToken);
  expect(response.status).toBe(401);
  expect(response.body.error.code).toBe("invalid_token");
  expect(response.headers.get("www-authenticate")).toContain('error="invalid_token"');
}

async function expectRefusedOverMcp(mcp: Client): Promise<void> {
  // The SDK's transport reports the HTTP status of a refused POST as the error's code.
  await expect(mcp.callTool({ name: "get_connector_capabilities", arguments: {} })).rejects.toMatchObject({ code: 401 });
}

describe("revocation takes effect before the revoking answer is sent", () => {
  for (const [label, revoke] of CASES) {
    for (const first of ["REST", "MCP"] as const) {
      it(`${label}: the very next ${first} request is 401, then the other adapter's`, async () => {
        const { accessToken, mcp } = await revoke();
        const overRest = () => expectRefusedOverRest(accessToken);
        const overMcp = () => expectRefusedOverMcp(mcp);
        try {
          for (const refused of first === "REST" ? [overRest, overMcp] : [overMcp, overRest]) await refused();
        } finally {
          await mcp.close();
        }
      });
    }
  }

  it("another connection of the same person keeps working", async () => {
    const kept = await service.connect({ workspace: "desk" });
    const keptWarm = await warm(kept.accessToken);
    const { mcp } = await CASES[1]![1]();
    try {
      expect((await capabilitiesOverRest(kept.accessToken)).status).toBe(200);
      expect((await keptWarm.mcp.callTool({ name: "get_connector_capabilities", arguments: {} })).isError).toBeFalsy();
    } finally {
      await mcp.close();
      await keptWarm.mcp.close();
    }
  });
});
