import type { Scope, Workspace } from "@connector/core";

/**
 * An app's authorization request as the consent and wrong-account pages show it (declared here,
 * filled in by @connector/auth from the request it checked). Shown, and posted back in hidden
 * fields; the consent endpoint validates it all again.
 */
export interface ConsentRequest {
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
}

/** How pages name a client: by its document's host, or by its registered name. */
export const clientLabel = (request: ConsentRequest): string => request.publishedHost ?? request.client.clientName;
