import { type CatalogueEntry, resolveTool, type Scope, ServiceError, type ToolCatalogue, type Workspace } from "@connector/core";
import { CONNECTOR_RATE_LIMIT, countInFixedWindow, type FixedWindowLimit } from "@connector/core/limits";
import type { ConnectionActivityRecorder, FixedWindowCounterStore } from "@connector/core/ports";
import { BEARER_CHECK, RATE_CHECK, SCOPE_CHECK, checkSpan } from "./tracing/check-spans.js";
import type { BearerAuthenticator, BearerConnection } from "./bearer-connection.js";
import { BearerError } from "./bearer-error.js";
import { connectionChallenge } from "./dpop-challenge.js";
import type { ProofOfPossession } from "./dpop-request.js";
import { rateLimitHeaders } from "./rate-limit-headers.js";

/** What the checks of a connector request need: the token verifier and the rate counters. */
export interface ConnectorGate {
  authenticate: BearerAuthenticator;
  counters: FixedWindowCounterStore;
  /** Requests per minute per grant; spec §8 sets 120. Only benchmarks raise it. */
  requestsPerMinute?: number;
  /** Milliseconds since the epoch. */
  now?: () => number;
}

export interface AdmittedConnection {
  connection: BearerConnection;
  /** Rate-limit headers every answer to this request carries, refusals included. */
  headers: Record<string, string>;
}

/*
 * The checks of every connector request, REST and MCP alike, in the order they run:
 *   1. bearer   the token is live and for this workspace          401 + challenge   admitConnection
 *   2. rate     the grant's requests this minute (spec §8)         429 + Retry-After admitConnection
 *   3. tool     the tool exists in this workspace                  404 unknown_tool  admitTool
 *   4. scope    the connection holds the tool's scope              403 + challenge   admitTool
 * REST knows the tool from its address and runs all four before reading the body; MCP learns the
 * tool from the body, so it runs 1–2 per HTTP request and 3–4 per `tools/call` in it.
 */

const limitOf = (gate: ConnectorGate): FixedWindowLimit =>
  gate.requestsPerMinute === undefined ? CONNECTOR_RATE_LIMIT : { ...CONNECTOR_RATE_LIMIT, limit: gate.requestsPerMinute };

/** Checks 1 and 2. Throws the refusal (a ServiceError carrying its headers). */
export async function admitConnection(
  gate: ConnectorGate,
  request: { authorization: string | undefined; workspace: Workspace; proof?: ProofOfPossession },
): Promise<AdmittedConnection> {
  const connection = await checkSpan(BEARER_CHECK, () => gate.authenticate(request.authorization, request.workspace, request.proof));
  const limit = limitOf(gate);
  return checkSpan(RATE_CHECK, async () => {
    const decision = await countInFixedWindow(gate.counters, limit, connection.principal.grantId, gate.now?.() ?? Date.now());
    const headers = { ...connection.headers, ...rateLimitHeaders(limit, decision) };
    if (!decision.allowed) {
      throw new ServiceError(
        "rate_limited",
        `This connection made more than ${decision.limit} requests in a minute. Retry after ${decision.resetSeconds} seconds.`,
        { headers },
      );
    }
    return { connection, headers };
  });
}

/**
 * Where check 4 notes a refusal: the connection's activity trail (the tool runtime's), so a
 * read-only connection's refused write shows on the person's Connections page, as its other calls do.
 */
export interface ScopeRefusalTrail {
  activity?: ConnectionActivityRecorder | undefined;
  now?: (() => Date) | undefined;
}

/** Checks 3 and 4: the tool a connection asked for, if it exists and the connection may call it. */
export function admitTool(
  connection: BearerConnection,
  catalogue: ToolCatalogue,
  workspace: string,
  toolName: string,
  trail: ScopeRefusalTrail = {},
): CatalogueEntry {
  const tool = resolveTool(catalogue, workspace, toolName);
  requireToolScope(connection, tool, trail);
  return tool;
}

/** Check 4 for a known tool: refused as `requireScope` does, and noted in the connection's trail. */
export function requireToolScope(connection: BearerConnection, tool: CatalogueEntry, trail: ScopeRefusalTrail = {}): void {
  checkSpan(SCOPE_CHECK, () => refuseMissingScope(connection, tool, trail));
}

function refuseMissingScope(connection: BearerConnection, tool: CatalogueEntry, trail: ScopeRefusalTrail): void {
  if (connection.scopes.includes(tool.scope)) return;
  const at = (trail.now?.() ?? new Date()).toISOString();
  trail.activity?.record({ grantId: connection.principal.grantId, tool: tool.name, at, result: "insufficient_scope" });
  requireScope(connection, tool.scope);
}

/** Check 4 alone: 403 `insufficient_scope` with the challenge naming the scope (RFC 6750 §3.1). */
export function requireScope(connection: BearerConnection, scope: Scope): void {
  if (connection.scopes.includes(scope)) return;
  const message = `This connection lacks the ${scope} permission. Reconnect and allow it.`;
  throw new BearerError("insufficient_scope", message, connectionChallenge(connection, { code: "insufficient_scope", scope, description: message }));
}
