import type { UserRecord } from "./auth-stores.js";

/*
 * The shapes the OAuth server and the people's pages pass each other, written once here. Each side
 * declares its own port from them (auth's `PersonPages`, the pages' `PageSessions`), and apps/server
 * binds the two, so neither package imports the other.
 */

/** A person's account as a page may show it: never the password hash. */
export type PersonAccountView = Omit<UserRecord, "passwordHash">;

/** The signed-in person as the layout's header shows them, with the token of its sign-out form. */
export interface SignedInPersonView {
  displayName: string;
  /** A member of a Desk: the nav offers the place screen. */
  deskMember: boolean;
  /** A Resolve consumer: the nav offers /resolve. */
  consumer: boolean;
  /** The CSRF token of the sign-out form (auth issues it for the person's session). */
  signOutToken: string;
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

/** The CSRF tokens and return address the consent and wrong-account pages' forms carry. */
export interface ConsentForms {
  /** Where the consent form posts (the authorization server's consent endpoint). */
  action: string;
  /** CSRF token of the consent form. */
  consent: string;
  /** The person in the header, with the token of the header's sign-out form. */
  person: SignedInPersonView;
  /** The authorization request to come back to after signing in as someone else. */
  returnTo: string | undefined;
}
