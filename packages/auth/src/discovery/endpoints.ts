/** Where the authorization server's endpoints live. Spec §5.1.2 fixes authorize and token; the rest are ours. */
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
