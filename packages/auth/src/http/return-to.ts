import { localPath } from "@connector/http";
import { ENDPOINT_PATHS } from "../discovery/endpoints.js";

/**
 * Where to go after sign-in: a path on this host only (an authorization request, or one of the
 * people's pages; http's `localPath` drops anything else, so the sign-in page cannot be used as an
 * open redirector). Sign-in and sign-out themselves are dropped too (no loops).
 */
export function safeReturnTo(value: unknown): string | undefined {
  const path = localPath(value);
  if (path === undefined) return undefined;
  const { pathname } = new URL(path, "http://return-to.invalid");
  return pathname === ENDPOINT_PATHS.signIn || pathname === ENDPOINT_PATHS.signOut ? undefined : path;
}

/**
 * Why a person is asked to sign in again: their session ended (a cookie the server no longer knows),
 * and, when it ended under a form, which form's sending did not happen (its CSRF purpose, e.g.
 * `review-draft`), so the sign-in page can say so plainly.
 */
export interface SignInReason {
  ended: true;
  notSaved?: string | undefined;
}

/** A form's name as it may travel in the sign-in address: a few lower-case words with dashes. */
const FORM_NAME = /^[a-z][a-z-]{0,39}$/;

export function signInUrl(returnTo: string | undefined, reason?: SignInReason): string {
  const query = new URLSearchParams();
  if (returnTo !== undefined) query.set("return_to", returnTo);
  if (reason !== undefined) {
    query.set("ended", "1");
    if (reason.notSaved !== undefined && FORM_NAME.test(reason.notSaved)) query.set("not_saved", reason.notSaved);
  }
  const search = query.toString();
  return search === "" ? ENDPOINT_PATHS.signIn : `${ENDPOINT_PATHS.signIn}?${search}`;
}

/** The reason a sign-in address carries, read back (anything else is ignored). */
export function signInReasonOf(query: Record<string, unknown>): SignInReason | undefined {
  if (query.ended !== "1") return undefined;
  const notSaved = typeof query.not_saved === "string" && FORM_NAME.test(query.not_saved) ? query.not_saved : undefined;
  return { ended: true, notSaved };
}
