import type { ServerResponse } from "node:http";
import type { Scope, Workspace } from "@connector/core";
import type { UserRecord } from "@connector/core/ports";

/*
 * What the authorization server shows a person, declared here as a port: the host binds the
 * people's pages to it (apps/server passes @connector/pages' `authPages`), so the OAuth server
 * installs nothing that renders pages and the pages never import the OAuth server.
 */

/** A person's account as a page may show it: never the password hash. */
export type AccountView = Omit<UserRecord, "passwordHash">;

/** The signed-in person as the layout's header shows them, with the token of its sign-out form. */
export interface SignedInPersonView {
  displayName: string;
  deskMember: boolean;
  consumer: boolean;
  signOutToken: string;
}

export interface SignInView {
  csrfToken: string;
  /** Where the person goes after signing in (a path here), if anywhere. */
  returnTo: string | undefined;
  /** Whether they are signing in because an app asked to connect (the page says so). */
  forAnApp: boolean;
  /** What they typed, kept when the form is shown again. */
  email?: string;
  error?: string;
  /** Sent here because their session ended; `notSaved` names the form (its purpose) whose sending did not happen. */
  ended?: { notSaved?: string | undefined } | undefined;
}

/**
 * An app's authorization request as the consent and wrong-account pages show it: shown, and
 * posted back in hidden fields; the consent endpoint validates it all again.
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
}

/** The forms of the consent and wrong-account pages. */
export interface ConsentForms {
  /** Where the consent form posts. */
  action: string;
  /** CSRF token of the consent form. */
  consent: string;
  person: SignedInPersonView;
  /** The authorization request to come back to after signing in as someone else. */
  returnTo: string | undefined;
}

export interface PersonPages {
  signIn(view: SignInView): string;
  signedOut(): string;
  consent(request: AuthorizationRequestView, account: AccountView, forms: ConsentForms): string;
  /** The signed-in account cannot connect the workspace asked for (a Desk owner asked for Resolve). */
  wrongAccount(request: AuthorizationRequestView, account: AccountView, forms: ConsentForms): string;
  error(title: string, description: string, nextStep?: string): string;
  /**
   * Writes a rendered page with the pages' headers. `formRedirectTo` names an origin the page's
   * form may be answered with a redirect to (consent answers the app at its redirect URI).
   */
  send(res: ServerResponse, status: number, html: string, options?: { formRedirectTo?: string }): void;
}
