import { requestIds } from "@connector/http";
import { Router } from "express";
import { normalizeBaseUrl } from "../base-url.js";
import { type ClientMetadataDocumentSettings, createClientResolver } from "../client-metadata/client-resolver.js";
import { type Clock, systemClock } from "../clock.js";
import type { AuthContext } from "../context.js";
import { type AuthLogger, silentLogger } from "../logger.js";
import type { AuthStores, RevocationFeed } from "@connector/core/ports";
import { cookieSettings } from "./cookies.js";
import type { PersonPages } from "../person-pages/person-pages.js";
import { authorizeRoutes } from "./routes/authorize-routes.js";
import { discoveryRoutes } from "./routes/discovery-routes.js";
import { registrationRoutes } from "./routes/registration-routes.js";
import { signInRoutes } from "./routes/sign-in-routes.js";
import { tokenRoutes } from "./routes/token-routes.js";
import { createDpopProofs, type DpopProofs } from "../dpop/dpop-proofs.js";

export interface AuthRouterOptions {
  stores: AuthStores;
  /** The service's host root, e.g. `https://connector.example`; the issuer and the MCP URLs derive from it. */
  baseUrl: string;
  /** Milliseconds since the epoch; tests pass a controllable clock. */
  now?: Clock;
  logger?: AuthLogger;
  /**
   * Where revocations are announced: pass the feed the resource servers' verified-token cache
   * subscribes to (see `cachedTokenVerifier`), so a revoked token stops working before the answer.
   */
  revocations: RevocationFeed;
  /** Client registrations per IP per hour (default 100). */
  registrationsPerHour?: number;
  /** Failed sign-ins per IP per 15 minutes (default 20). */
  failedSignInsPer15Minutes?: number;
  /** How client ID metadata documents are fetched (hardened defaults; tests relax loopback). */
  clientMetadataDocuments?: ClientMetadataDocumentSettings;
  /** What a person sees: the host binds the people's pages here (e.g. @connector/pages' `authPages`). */
  pages: PersonPages;
  /** DPoP's checks and nonces; pass the ones the resource servers' guard uses. Default: made over `stores`. */
  dpop?: DpopProofs;
}

/**
 * The authorization server as an Express router, mounted at the host root: discovery, registration,
 * authorization with sign-in and consent, token and revocation endpoints.
 * Paths: see ENDPOINT_PATHS. Behind a proxy, set Express `trust proxy` so rate limits see client IPs.
 */
export function createAuthRouter(options: AuthRouterOptions): Router {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const now = options.now ?? systemClock;
  const context: AuthContext = {
    stores: options.stores,
    baseUrl,
    now,
    findClient: createClientResolver(options.stores, now, options.clientMetadataDocuments),
    logger: options.logger ?? silentLogger,
    revocations: options.revocations,
    pages: options.pages,
    dpop: options.dpop ?? createDpopProofs({ stores: options.stores, now }),
  };
  const cookies = cookieSettings(baseUrl);
  const router = Router();
  // Every answer and log line names its request; a host that assigned the id already keeps it.
  router.use(requestIds());
  router.use(discoveryRoutes(context));
  router.use(registrationRoutes(context, options.registrationsPerHour ?? 100));
  router.use(tokenRoutes(context));
  router.use(authorizeRoutes(context, cookies));
  router.use(signInRoutes(context, cookies, options.failedSignInsPer15Minutes ?? 20));
  return router;
}
