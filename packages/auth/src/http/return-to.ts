import { ENDPOINT_PATHS } from "../discovery/endpoints.js";

const LOCAL_ORIGIN = "http://return-to.invalid";

/**
 * Where to go after sign-in: a path on this host only (an authorization request, or one of the
 * people's pages). A full URL, a scheme-relative `//host`, a backslash (which browsers read as a
 * slash) or a control character is dropped, so the sign-in page cannot be used as an open
 * redirector. Sign-in and sign-out themselves are dropped too (no loops).
 */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 4096) return undefined;
  if (!value.startsWith("/") || value.startsWith("//")) return undefined;
  if (value.includes("\\") || [...value].some((character) => character.charCodeAt(0) < 0x20)) return undefined;
  const url = new URL(value, LOCAL_ORIGIN);
  if (url.origin !== LOCAL_ORIGIN) return undefined;
  if (url.pathname === ENDPOINT_PATHS.signIn || url.pathname === ENDPOINT_PATHS.signOut) return undefined;
  return value;
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
