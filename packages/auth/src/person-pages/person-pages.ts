import type { ServerResponse } from "node:http";
import type { AuthorizationRequestView, UserRecord } from "@connector/core/ports";

/*
 * What the authorization server shows a person, declared here as a port: the host binds the
 * people's pages to it (apps/server passes @connector/pages' `authPages`), so the OAuth server
 * installs nothing that renders pages and the pages never import the OAuth server.
 */

/** The app's request as consent shows it (core's, shared with the pages). */
export type { AuthorizationRequestView };

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
