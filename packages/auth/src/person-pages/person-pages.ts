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
  /** Why the form is shown again: the pages say it in the reader's language. */
  error?: SignInError;
  /** Sent here because their session ended; `notSaved` names the form (its purpose) whose sending did not happen. */
  ended?: { notSaved?: string | undefined } | undefined;
}

/**
 * Why sign-in failed, as a reason (and its values), never as words: the pages choose the words
 * from their catalogue, in the reader's language.
 */
export type SignInError =
  | { reason: "form-expired" }
  | { reason: "incorrect" }
  /** The account is paced after repeated failures: the next attempt is allowed in `seconds`. */
  | { reason: "paced"; seconds: number };

/**
 * Why the error page is shown, as a reason: the pages choose its title, description and next step.
 * `request-failed` carries the OAuth error's code and its English description (what the app is
 * told, RFC 6749 §4.1.2.1); `appCannotConnect` when the client or its redirect URI failed.
 */
export type ErrorPageView =
  | { reason: "sign-out-form-expired" }
  | { reason: "consent-form-expired" }
  | { reason: "consent-session-ended" }
  | { reason: "too-many-sign-ins" }
  | { reason: "unavailable" }
  | { reason: "request-failed"; appCannotConnect: boolean; error: string; description: string };

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
  error(view: ErrorPageView): string;
  /**
   * Writes a rendered page with the pages' headers. `formRedirectTo` names an origin the page's
   * form may be answered with a redirect to (consent answers the app at its redirect URI).
   */
  send(res: ServerResponse, status: number, html: string, options?: { formRedirectTo?: string }): void;
}
