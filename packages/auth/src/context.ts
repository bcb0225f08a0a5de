import type { AuthStores, RevocationFeed } from "@connector/core";
import type { Clock } from "./clock.js";
import type { AuthLogger } from "./logger.js";

/** What every protocol step receives: persistence, the clock, where security events go, and the issuer. */
export interface AuthContext {
  stores: AuthStores;
  /** The service's host root without trailing slash; also the issuer identifier (RFC 8414 §2). */
  baseUrl: string;
  now: Clock;
  logger: AuthLogger;
  /** Where every revocation is announced, so cached verifications end with it. */
  revocations: RevocationFeed;
}
