/**
 * Where the authorization server's endpoints live, declared with their routes. Spec §5.1.2 fixes
 * authorize and token; the rest are ours. The people's pages link to sign-in and sign-out at the
 * same addresses (`@connector/ui`'s PAGE_PATHS; apps/server/test/site-links.test.ts checks they agree).
 */
export const ENDPOINT_PATHS = {
  authorization: "/oauth/authorize",
  consent: "/oauth/consent",
  token: "/oauth/token",
  registration: "/oauth/register",
  revocation: "/oauth/revoke",
  signIn: "/signin",
  signOut: "/signout",
  authorizationServerMetadata: "/.well-known/oauth-authorization-server",
  protectedResourceMetadataPrefix: "/.well-known/oauth-protected-resource",
} as const;
