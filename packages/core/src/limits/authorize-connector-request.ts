import { ServiceError } from "../errors/service-error.js";
import type { BearerAuthenticator } from "../ports/bearer-authenticator.js";
import type { ConnectorPrincipal } from "../ports/connector-principal.js";
import type { RateLimitStore } from "../ports/domain-stores.js";
import type { Scope } from "../policy/scopes.js";
import type { Workspace } from "../policy/workspaces.js";
import { checkRateLimit, rateLimitHeaders } from "./rate-limit.js";

export interface ConnectorGate {
  authenticate: BearerAuthenticator;
  rateLimits: RateLimitStore;
  /** Requests per minute per grant; spec §8 sets 120. Only benchmarks raise it. */
  requestsPerMinute?: number;
  now?: () => Date;
}

export interface AuthorizedRequest {
  principal: ConnectorPrincipal;
  /** Rate-limit headers to send with the response. */
  headers: Record<string, string>;
}

/**
 * The gate in front of every connector request, REST or MCP: a valid token for this workspace
 * (and scope), then the per-grant rate limit (spec §8). Throws ServiceError with its headers.
 */
export async function authorizeConnectorRequest(
  gate: ConnectorGate,
  request: { authorization: string | undefined; workspace: Workspace; requiredScope: Scope | undefined },
): Promise<AuthorizedRequest> {
  const { principal } = await gate.authenticate(request.authorization, request.workspace, request.requiredScope);
  const decision = await checkRateLimit(
    gate.rateLimits,
    principal.grantId,
    gate.now?.() ?? new Date(),
    gate.requestsPerMinute,
  );
  const headers = rateLimitHeaders(decision);
  if (!decision.allowed) {
    throw new ServiceError(
      "rate_limited",
      `This connection made more than ${decision.limit} requests in a minute. Retry after ${decision.resetSeconds} seconds.`,
      { headers },
    );
  }
  return { principal, headers };
}
