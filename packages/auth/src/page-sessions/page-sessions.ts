import type { PageSessions } from "@connector/pages";
import type { AuthStores } from "@connector/core/ports";
import { normalizeBaseUrl } from "../base-url.js";
import { type Clock, systemClock } from "../clock.js";
import { cookieSettings } from "../http/cookies.js";
import { csrfToken, isValidCsrfToken } from "../http/csrf.js";
import { signInUrl } from "../http/return-to.js";
import { readSession, sessionActor, signedInPerson } from "./signed-in-user.js";

export interface PageSessionsOptions {
  stores: Pick<AuthStores, "sessions" | "users">;
  baseUrl: string;
  now?: Clock;
}

/**
 * The pages' `PageSessions` (declared in @connector/pages), over the same sessions sign-in creates,
 * framework-free (any `{ headers }` request). Form CSRF tokens are HMACs keyed by the session cookie's secret, like consent's, one
 * purpose per kind of form, so a token lifted from one form is useless on another.
 */
export function createPageSessions(options: PageSessionsOptions): PageSessions {
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
    signInUrl: (returnTo) => signInUrl(returnTo),
  };
}
