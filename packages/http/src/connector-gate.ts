import { type Scope, ServiceError, type Workspace } from "@connector/core";
import { CONNECTOR_RATE_LIMIT, countInFixedWindow, type FixedWindowLimit } from "@connector/core/limits";
import type { FixedWindowCounterStore } from "@connector/core/ports";
import type { AuthenticatedConnection, BearerAuthenticator } from "./bearer-authenticator.js";
import { rateLimitHeaders } from "./rate-limit-headers.js";

export interface ConnectorGate {
  authenticate: BearerAuthenticator;
  counters: FixedWindowCounterStore;
  /** Requests per minute per grant; spec §8 sets 120. Only benchmarks raise it. */
  requestsPerMinute?: number;
  /** Milliseconds since the epoch. */
  now?: () => number;
}

export interface AuthorizedRequest {
  connection: AuthenticatedConnection;
  /** Rate-limit headers to send with the response. */
  headers: Record<string, string>;
}

const limitOf = (gate: ConnectorGate): FixedWindowLimit =>
  gate.requestsPerMinute === undefined ? CONNECTOR_RATE_LIMIT : { ...CONNECTOR_RATE_LIMIT, limit: gate.requestsPerMinute };

/**
 * The gate in front of every connector request, REST or MCP: a valid token for this workspace
 * (and scope, when it is known before the body), then the per-grant rate limit (spec §8). Each
 * request passes it once. Throws ServiceError with its headers.
 */
export async function authorizeConnectorRequest(
  gate: ConnectorGate,
  request: { authorization: string | undefined; workspace: Workspace; requiredScope: Scope | undefined },
): Promise<AuthorizedRequest> {
  const connection = await gate.authenticate(request.authorization, request.workspace, request.requiredScope);
  const limit = limitOf(gate);
  const decision = await countInFixedWindow(gate.counters, limit, connection.principal.grantId, gate.now?.() ?? Date.now());
  const headers = rateLimitHeaders(limit, decision);
  if (!decision.allowed) {
    throw new ServiceError(
      "rate_limited",
      `This connection made more than ${decision.limit} requests in a minute. Retry after ${decision.resetSeconds} seconds.`,
      { headers },
    );
  }
  return { connection, headers };
}
