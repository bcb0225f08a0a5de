import type { Scope } from "../policy/scopes.js";
import type { Workspace } from "../policy/workspaces.js";

/**
 * An app's authorization request as a person is shown it on consent: filled in by the OAuth server
 * from the request it checked, rendered by the pages (each declares the rest of its side of the
 * `PersonPages` port; this shape both share is here, once). Shown, and posted back in hidden
 * fields; the consent endpoint validates it all again.
 */
export interface AuthorizationRequestView {
  client: { clientId: string; clientName: string; createdAt: string };
  /** The host the client's metadata document is published on; undefined for a registered client. */
  publishedHost: string | undefined;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  workspace: Workspace;
  resource: string;
  /** What the client asked for; the person may grant fewer. */
  scopes: Scope[];
  /** RFC 9449 §10: the DPoP key thumbprint the code will be bound to, when the app sent `dpop_jkt`. */
  dpopJkt?: string | undefined;
}
