import type { AddressInfo } from "node:net";
import {
  cachedTokenVerifier,
  createBearerGuard,
  createAuthRouter,
  createDpopProofs,
  createLocalRevocationFeed,
  createTokenVerifier,
  type AuthLogger,
  type AuthRouterOptions,
} from "@connector/auth";
import { isScope, isWorkspace, type Scope } from "@connector/core";
import { BearerError, proofOfPossession, requireScope } from "@connector/http";
import { workspaceResource } from "@connector/core/policy";
import type { AuthStores, RevocationFeed } from "@connector/core/ports";
import { createAuthStores, type Database } from "@connector/store";
import { createDatabase } from "@connector/store/node";
import { createTestDatabase, type TestDialect } from "@connector/store/testing";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import { authPages } from "@connector/pages";
import express from "express";
import { createMcpTokenVerifier } from "./mcp-token-verifier.js";
import { PEOPLE_TEMPLATE, templatePeople } from "./people-template.js";
import { type TestClock, testClock } from "./test-clock.js";

export interface TestUser {
  userId: string;
  email: string;
  password: string;
}

export interface TestServer {
  baseUrl: string;
  /** A redirect URI on the test server that answers 200, for browsers to land on. */
  callbackUrl: string;
  stores: AuthStores;
  /** The feed the authorization server announces revocations on and the resource routes' cache follows. */
  revocations: RevocationFeed;
  database: Database;
  clock: TestClock;
  deskId: string;
  consumerId: string;
  deskOwner: TestUser;
  consumer: TestUser;
  /** Drops the database while the server keeps running (PostgreSQL: closes its connections too). */
  dropDatabase(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The authorization server on a real HTTP listener on 127.0.0.1 (ephemeral port) over a real,
 * fresh copy of the people template (a desk and its owner, a consumer), plus two tiny protected
 * routes standing in for the resource servers: `/mcp/:workspace` behind the framework-free guard and `/sdk/mcp/:workspace` behind the MCP SDK's
 * `requireBearerAuth` with our SDK-shaped verifier.
 */
export async function startTestServer(
  dialect: TestDialect,
  options: Partial<
    Pick<AuthRouterOptions, "registrationsPerHour" | "failedSignInsPer15Minutes" | "logger" | "clientMetadataDocuments">
  > = {},
): Promise<TestServer> {
  const testDatabase = await createTestDatabase(dialect, { prefix: "auth_test_", template: PEOPLE_TEMPLATE });
  const database = await createDatabase({ url: testDatabase.url });
  const stores = createAuthStores(database);
  const clock = testClock();
  const { deskId, consumerId, deskOwner, consumer } = await templatePeople(database, stores);

  const app = express();
  // As behind a proxy on this machine: a test may say which client address a request comes from
  // (X-Forwarded-For) to play several people; without the header the address is the socket's.
  app.set("trust proxy", "loopback");
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const revocations = createLocalRevocationFeed();
  // One set of DPoP checks, replay store and nonces for the token endpoint and the guard, as the service has.
  const dpop = createDpopProofs({ stores, now: clock.now });
  app.use(createAuthRouter({ stores, baseUrl, now: clock.now, revocations, pages: authPages, dpop, ...options }));
  // As the service assembles it: verifications reused for a second unless a revocation ends them. The
  // test clock only moves when a test moves it, so only the feed can end a cached verification here.
  const verifier = cachedTokenVerifier(createTokenVerifier(stores, { now: clock.now }), {
    ttlMs: 1000,
    revocations,
    now: clock.now,
  });
  const guard = createBearerGuard({ verifier, baseUrl, dpop });
  app.all("/mcp/:workspace", async (req, res) => {
    const workspace = String(req.params.workspace);
    const scope = typeof req.query.scope === "string" && isScope(req.query.scope) ? (req.query.scope as Scope) : undefined;
    if (!isWorkspace(workspace)) {
      res.status(404).end();
      return;
    }
    try {
      const authenticated = await guard.authenticate(req.headers.authorization, workspace, proofOfPossession(req));
      if (scope !== undefined) requireScope(authenticated, scope);
      res.set(authenticated.headers ?? {}).json({ principal: authenticated.principal, expiresAt: authenticated.expiresAt });
    } catch (error) {
      if (!(error instanceof BearerError)) throw error;
      res.status(error.status).set(error.headers).json(error.toBody());
    }
  });
  const mcpVerifier = createMcpTokenVerifier(verifier);
  for (const workspace of ["desk", "resolve"] as const) {
    app.post(
      `/sdk/mcp/${workspace}`,
      requireBearerAuth({
        verifier: mcpVerifier,
        requiredScopes: [`${workspace}:read`],
        resourceMetadataUrl: `${baseUrl}/.well-known/oauth-protected-resource/mcp/${workspace}`,
        expectedResource: new URL(workspaceResource(baseUrl, workspace)),
      }),
      (req, res) => {
        const auth = (req as express.Request & { auth?: unknown }).auth;
        res.json({ auth });
      },
    );
  }
  // A same-site page that frames whatever it is given: same-site so the session cookie is sent,
  // which is the case frame-ancestors must still block.
  app.get("/framer", (req, res) => {
    const src = String(req.query.src ?? "").replace(/"/g, "&quot;");
    res.type("html").send(`<!doctype html><iframe id="framed" src="${src}" width="800" height="600"></iframe>`);
  });
  app.get("/callback", (_req, res) => {
    res.type("text").send("callback reached");
  });

  return {
    baseUrl,
    callbackUrl: `${baseUrl}/callback`,
    stores,
    revocations,
    database,
    clock,
    deskId,
    consumerId,
    deskOwner,
    consumer,
    dropDatabase: () => testDatabase.drop(),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
      await testDatabase.drop();
    },
  };
}

export interface LogEntry {
  level: "info" | "warn" | "error";
  details: object;
  message: string;
}

/** An AuthLogger that keeps what it is given, for tests that check what reaches the log. */
export function recordingLogger(): AuthLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const record = (level: LogEntry["level"]) => (details: object, message: string) => {
    entries.push({ level, details, message });
  };
  return { entries, info: record("info"), warn: record("warn"), error: record("error") };
}

export interface ResourceCall {
  status: number;
  wwwAuthenticate: string | null;
  body: any;
}

/** Calls a stand-in resource route (`/mcp/{workspace}` or `/sdk/mcp/{workspace}`) with a bearer token. */
export async function callResource(
  server: TestServer,
  path: string,
  accessToken?: string,
  method: "GET" | "POST" = "GET",
): Promise<ResourceCall> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: accessToken === undefined ? {} : { authorization: `Bearer ${accessToken}` },
  });
  return {
    status: response.status,
    wwwAuthenticate: response.headers.get("www-authenticate"),
    body: await response.json().catch(() => undefined),
  };
}
