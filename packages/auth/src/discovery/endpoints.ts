import { PAGE_PATHS } from "@connector/ui";

/**
 * Where the authorization server's endpoints live. Spec §5.1.2 fixes authorize and token; the rest
 * are ours. The ones a person sees as pages are spelled once, in the pages' own list.
 */
export const ENDPOINT_PATHS = {
  authorization: PAGE_PATHS.authorize,
  consent: PAGE_PATHS.consent,
  token: "/oauth/token",
  registration: "/oauth/register",
  revocation: "/oauth/revoke",
  signIn: PAGE_PATHS.signIn,
  signOut: PAGE_PATHS.signOut,
  authorizationServerMetadata: "/.well-known/oauth-authorization-server",
  protectedResourceMetadataPrefix: "/.well-known/oauth-protected-resource",
} as const;
