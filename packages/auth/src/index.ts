// HTTP: the authorization server's routes (Express 5).
export { createAuthRouter, type AuthRouterOptions } from "./http/auth-router.js";
export type { ClientMetadataDocumentSettings } from "./client-metadata/client-resolver.js";
export { isClientIdUrl } from "./client-metadata/client-id-url.js";
export { ENDPOINT_PATHS } from "./discovery/endpoints.js";
export { authorizationServerMetadata } from "./discovery/authorization-server-metadata.js";
export { protectedResourceMetadata, protectedResourceMetadataUrl } from "./discovery/protected-resource-metadata.js";

// Resource servers: framework-free bearer verification.
export {
  createTokenVerifier,
  type TokenVerifier,
  type TokenVerifierOptions,
  type VerifiedAccessToken,
} from "./bearer/token-verifier.js";
export { createBearerGuard, type BearerGuard, type BearerGuardOptions } from "./bearer/bearer-guard.js";
export { cachedTokenVerifier, type TokenVerifierCacheOptions } from "./bearer/cached-token-verifier.js";

// DPoP (RFC 9449): one set of proof checks, replay store and nonces for the token endpoint and the guard.
export {
  type CheckedDpopProof,
  createDpopProofs,
  type DpopProofs,
  type DpopProofsOptions,
  type DpopRequest,
} from "./dpop/dpop-proofs.js";
export { DPOP_ALGORITHMS } from "./dpop/dpop-algorithms.js";
export { DpopProofError, type DpopProofErrorCode } from "./dpop/dpop-proof-error.js";

// The people's pages: the signed-in person and their forms' CSRF tokens, framework-free.
// (The pages declare what they need as `PageSessions`; this satisfies it, and apps/server binds the two.)
export {
  createPageSessions,
  type PageSessionsOptions,
  type SignedInSession,
  type SignedInSessions,
} from "./page-sessions/page-sessions.js";

// What a person sees: the port the host binds the people's pages to.
export type {
  AccountView,
  AuthorizationRequestView,
  ConsentForms,
  ErrorPageView,
  PersonPages,
  SignInError,
  SignInView,
  SignedInPersonView,
} from "./person-pages/person-pages.js";
export { safeReturnTo } from "./http/return-to.js";

// Client registration: the one check of an app's name, for dynamic registration and any other source of it.
export { checkClientName, clientNameProblem, MAX_CLIENT_NAME_LENGTH } from "./registration/check-client-name.js";

// People and grants.
export {
  createUser,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type CreateUserInput,
  type CreatedUser,
} from "./users/create-user.js";
export { hashPassword, verifyPassword } from "./crypto/password.js";
export { resetPassword } from "./users/reset-password.js";
export {
  listUserConnections,
  listUserGrants,
  revokeUserGrant,
  type UserGrantRevocation,
} from "./grants/user-grants.js";

// Revocation: announced on a feed so cached verifications end with it.
export { createLocalRevocationFeed } from "./revocation/local-revocation-feed.js";

// The persistence the authorization server needs is declared by core (`@connector/core/ports`) and
// implemented by @connector/store: import those types from core.

// Protocol errors, for callers that map them.
export {
  AccessDeniedError,
  InvalidClientError,
  InvalidClientMetadataError,
  InvalidDpopProofError,
  InvalidGrantError,
  InvalidRedirectUriError,
  InvalidRequestError,
  InvalidScopeError,
  InvalidTargetError,
  OAuthError,
  ServerError,
  TemporarilyUnavailableError,
  UnauthorizedClientError,
  UnsupportedGrantTypeError,
  UnsupportedResponseTypeError,
  UseDpopNonceError,
  isOAuthError,
} from "./errors/oauth-error.js";

export type { Clock } from "./clock.js";
export { type AuthLogger, withRequestId } from "./logger.js";
export {
  ACCESS_TOKEN_TTL_MS,
  AUTHORIZATION_CODE_TTL_MS,
  DPOP_IAT_WINDOW_MS,
  DPOP_NONCE_PERIOD_MS,
  REFRESH_TOKEN_TTL_MS,
  SESSION_TTL_MS,
} from "./lifetimes.js";

// /api/v1 (spec §5.2): sessions and desk keys.
export {
  createApiV1Authenticator,
  type ApiV1Authentication,
  type ApiV1Authenticator,
  type ApiV1AuthenticatorOptions,
} from "./api-v1/api-v1-authenticator.js";
export {
  DESK_KEY_PREFIX,
  deskKeyOperations,
  listDeskKeys,
  mintDeskKey,
  revokeDeskKey,
  verifyDeskKey,
  type DeskKeyContext,
  type DeskKeyView,
  type MintedDeskKey,
} from "./desk-keys/desk-keys.js";
