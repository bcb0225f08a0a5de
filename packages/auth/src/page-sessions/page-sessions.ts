import type { IncomingHttpHeaders } from "node:http";
import type { BackOfficeActor } from "@connector/core/back-office";
import type { AuthStores } from "@connector/core/ports";
import { normalizeBaseUrl } from "../base-url.js";
import { type Clock, systemClock } from "../clock.js";
import { cookieSettings } from "../http/cookies.js";
import { csrfToken, isValidCsrfToken } from "../http/csrf.js";
import { readCookie } from "@connector/http";
import { type SignInReason, signInUrl } from "../http/return-to.js";
import type { AccountView, SignedInPersonView } from "../person-pages/person-pages.js";
import { readSession, sessionActor, signedInPerson } from "./signed-in-user.js";

export interface PageSessionsOptions {
  stores: Pick<AuthStores, "sessions" | "users">;
  baseUrl: string;
  now?: Clock;
}

/** The signed-in person as the people's pages need them (their `PageSession`; apps/server binds the two). */
export interface SignedInSession {
  user: AccountView;
  /** Who they act as in the back office (their desk, else their consumer); undefined if neither. */
  actor: BackOfficeActor | undefined;
  person: SignedInPersonView;
  /** The CSRF token of one kind of form (e.g. `"revoke-connection"`), bound to this session. */
  csrfToken(form: string): string;
  isValidCsrfToken(form: string, presented: unknown): boolean;
}

export interface SignedInSessions {
  /** The person signed in on this request (by the session cookie), or undefined. */
  current(request: { headers: IncomingHttpHeaders }): Promise<SignedInSession | undefined>;
  /**
   * Where to send someone who must sign in first; after sign-in they come back to `returnTo` (a path
   * here). With a reason, the sign-in page says their session ended (and which form was not sent).
   */
  signInUrl(returnTo: string, reason?: SignInReason): string;
  /** Whether the request carries a session cookie the server no longer honours (the session ended). */
  hadSession(request: { headers: IncomingHttpHeaders }): boolean;
}

/**
 * The pages' sessions (their `PageSessions` port, in @connector/pages), over the same sessions sign-in creates,
 * framework-free (any `{ headers }` request). Form CSRF tokens are HMACs keyed by the session cookie's secret, like consent's, one
 * purpose per kind of form, so a token lifted from one form is useless on another.
 */
export function createPageSessions(options: PageSessionsOptions): SignedInSessions {
  const now = options.now ?? systemClock;
  const cookies = cookieSettings(normalizeBaseUrl(options.baseUrl));
  return {
    async current(request) {
      const signedIn = await readSession(options.stores, now, cookies.session, request.headers);
      if (signedIn === undefined) return undefined;
      const { user, secret } = signedIn;
      const { passwordHash: _hidden, ...visible } = user;
      return {
        user: visible,
        actor: sessionActor(user),
        person: signedInPerson(user, secret),
        csrfToken: (form) => csrfToken(secret, `page:${form}`),
        isValidCsrfToken: (form, presented) => isValidCsrfToken(secret, `page:${form}`, presented),
      };
    },
    signInUrl: (returnTo, reason) => signInUrl(returnTo, reason),
    hadSession: (request) => readCookie(request.headers, cookies.session) !== undefined,
  };
}
