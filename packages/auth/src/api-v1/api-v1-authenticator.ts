import type { IncomingHttpHeaders } from "node:http";
import { ServiceError } from "@connector/core";
import type { BackOfficeActor } from "@connector/core/back-office";
import type { AuthStores } from "@connector/core/ports";
import { normalizeBaseUrl } from "../base-url.js";
import { type Clock, systemClock } from "../clock.js";
import { verifyDeskKey } from "../desk-keys/desk-keys.js";
import { cookieSettings } from "../http/cookies.js";
import { csrfToken, isValidCsrfToken } from "../http/csrf.js";
import { readSession, sessionActor } from "../page-sessions/signed-in-user.js";

export interface ApiV1Authentication {
  actor: BackOfficeActor;
  /** For a signed-in session: the token its writes must send as `X-CSRF-Token`. */
  csrfToken?: string;
}

export interface ApiV1Authenticator {
  /** Throws a ServiceError: 401 without valid credentials, 403 on a session write without its CSRF token. */
  authenticate(request: { method: string; headers: IncomingHttpHeaders }): Promise<ApiV1Authentication>;
}

export interface ApiV1AuthenticatorOptions {
  stores: Pick<AuthStores, "deskKeys" | "sessions" | "users">;
  baseUrl: string;
  now?: Clock;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const BEARER = /^Bearer +(\S+) *$/i;
const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="api-v1"' };

/**
 * Spec §5.2: `/api/v1` takes a signed-in browser session or a desk key (`Authorization: Bearer
 * service_live_…`), nothing else. Connector OAuth tokens are refused (spec §5.1.11): they are never
 * even looked up. Keys are checked against the database on every request, so a revoked key fails
 * at once. Session writes need the session's CSRF token in `X-CSRF-Token` (docs/decisions.md).
 */
export function createApiV1Authenticator(options: ApiV1AuthenticatorOptions): ApiV1Authenticator {
  const now = options.now ?? systemClock;
  const cookies = cookieSettings(normalizeBaseUrl(options.baseUrl));
  return {
    async authenticate({ method, headers }) {
      const authorization = headers.authorization;
      if (authorization !== undefined) {
        const key = BEARER.exec(authorization)?.[1];
        if (key === undefined || !key.startsWith("service_live_")) {
          throw new ServiceError(
            "invalid_api_key",
            "/api/v1 takes a desk key (Authorization: Bearer service_live_…) or a signed-in session; connector access tokens do not authorize it.",
            { headers: CHALLENGE },
          );
        }
        const actor = await verifyDeskKey({ stores: options.stores, now }, key);
        if (actor === undefined) {
          throw new ServiceError("invalid_api_key", "This desk key is unknown or revoked. Ask the Desk owner for a new one.", {
            headers: CHALLENGE,
          });
        }
        return { actor };
      }

      const signedIn = await readSession(options.stores, now, cookies.session, headers);
      if (signedIn === undefined) {
        throw new ServiceError("authentication_required", "Sign in, or send a desk key as Authorization: Bearer service_live_….", {
          headers: CHALLENGE,
        });
      }
      const { user, secret } = signedIn;
      if (!SAFE_METHODS.has(method.toUpperCase()) && !isValidCsrfToken(secret, "api", headers["x-csrf-token"])) {
        throw new ServiceError("csrf_failed", "Send the csrfToken from GET /api/v1/me as the X-CSRF-Token header with every change.");
      }
      const actor = sessionActor(user);
      if (actor !== undefined) return { actor, csrfToken: csrfToken(secret, "api") };
      throw new ServiceError("authentication_required", "This sign-in belongs to no Desk and no consumer.");
    },
  };
}
