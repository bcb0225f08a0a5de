import type { ClientResolver } from "./client-metadata/client-resolver.js";
import type { Clock } from "./clock.js";
import type { AuthLogger } from "./logger.js";
import type { AuthStores, RevocationFeed } from "@connector/core/ports";
import type { PersonPages } from "./person-pages/person-pages.js";
import type { DpopProofs } from "./dpop/dpop-proofs.js";

/** What every protocol step receives: persistence, the clock, where security events go, and the issuer. */
export interface AuthContext {
  stores: AuthStores;
  /** The service's host root without trailing slash; also the issuer identifier (RFC 8414 §2). */
  baseUrl: string;
  now: Clock;
  logger: AuthLogger;
  /** The client a `client_id` names: registered, or fetched from its client ID metadata document. */
  findClient: ClientResolver;
  /** Where every revocation is announced, so cached verifications end with it. */
  revocations: RevocationFeed;
  /** The pages a person sees: sign-in, consent, errors (bound by the host). */
  pages: PersonPages;
  /** DPoP proofs' checks, replay store and nonces (RFC 9449). */
  dpop: DpopProofs;
}
