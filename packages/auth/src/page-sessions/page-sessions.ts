import type { IncomingHttpHeaders } from "node:http";
import type { BackOfficeActor } from "@connector/core/back-office";
import type { SignedInPerson } from "@connector/ui";
import { parse as parseCookieHeader } from "cookie";
import type { AuthStores, UserRecord } from "@connector/core/ports";
import { normalizeBaseUrl } from "../base-url.js";
import { type Clock, systemClock } from "../clock.js";
import { cookieSettings } from "../http/cookies.js";
import { csrfToken, isValidCsrfToken } from "../http/csrf.js";
import { signInUrl } from "../http/return-to.js";
import { findSignedInUser, sessionActor, signedInPerson } from "./signed-in-user.js";

/** The signed-in person as a page needs them: who they are, how to protect their forms. */
export interface PageSession {
  /** The user, without the password hash. */
  user: Omit<UserRecord, "passwordHash">;
  /** Who they act as in the back office (their desk, else their consumer); undefined if neither. */
  actor: BackOfficeActor | undefined;
  /** What the shared layout's header shows: name, kinds, the sign-out form's token. */
  person: SignedInPerson;
  /** The CSRF token of one kind of form (e.g. `"revoke-connection"`), bound to this session. */
  csrfToken(form: string): string;
  /** Whether a submitted `csrf_token` is this session's token for that kind of form. */
  isValidCsrfToken(form: string, presented: unknown): boolean;
}

export interface PageSessions {
  /** The person signed in on this request (by the session cookie), or undefined. */
  current(request: { headers: IncomingHttpHeaders }): Promise<PageSession | undefined>;
  /** Where to send someone who must sign in first; after sign-in they come back to `returnTo` (a path here). */
  signInUrl(returnTo: string): string;
}

export interface PageSessionsOptions {
  stores: Pick<AuthStores, "sessions" | "users">;
  baseUrl: string;
  now?: Clock;
}

/**
 * The people's pages read the same sessions sign-in creates, framework-free (any `{ headers }`
 * request). Form CSRF tokens are HMACs keyed by the session cookie's secret, like consent's, one
 * purpose per kind of form, so a token lifted from one form is useless on another.
 */
export function createPageSessions(options: PageSessionsOptions): PageSessions {
  const now = options.now ?? systemClock;
  const cookies = cookieSettings(normalizeBaseUrl(options.baseUrl));
  return {
    async current(request) {
      const secret = parseCookieHeader(request.headers.cookie ?? "")[cookies.session];
      const user = await findSignedInUser(options.stores, now, secret);
      if (user === undefined || secret === undefined) return undefined;
      const { passwordHash: _hidden, ...visible } = user;
      return {
        user: visible,
        actor: sessionActor(user),
        person: signedInPerson(user, secret),
        csrfToken: (form) => csrfToken(secret, `page:${form}`),
        isValidCsrfToken: (form, presented) => isValidCsrfToken(secret, `page:${form}`, presented),
      };
    },
    signInUrl: (returnTo) => signInUrl(returnTo),
  };
}
