import { createHmac } from "node:crypto";
import { constantTimeEqual } from "../crypto/secrets.js";

/**
 * `api`: writes to `/api/v1` made with a signed-in session (sent as the `X-CSRF-Token` header).
 * `page:<form>`: the forms of the people's pages (see page-sessions), one purpose per kind of form.
 */
export type CsrfPurpose = "signin" | "consent" | "signout" | "api" | `page:${string}`;

/**
 * Form CSRF tokens as an HMAC keyed by a cookie secret only this browser holds: the session
 * cookie's value for consent and sign-out, a short-lived sign-in cookie before anyone is signed in
 * (login CSRF). Nothing extra is stored, the token changes with every new session, and a token for
 * one form is useless on another. OWASP CSRF Cheat Sheet, "Signed Double-Submit Cookie" bound to
 * the session. Hand-written rather than csrf-csrf because that library compares tokens with `===`
 * and needs a server-wide secret shared by every instance.
 */
export function csrfToken(cookieSecret: string, purpose: CsrfPurpose): string {
  return createHmac("sha256", cookieSecret).update(`csrf:${purpose}`).digest("base64url");
}

export function isValidCsrfToken(cookieSecret: string | undefined, purpose: CsrfPurpose, presented: unknown): boolean {
  if (cookieSecret === undefined || typeof presented !== "string") return false;
  return constantTimeEqual(csrfToken(cookieSecret, purpose), presented);
}
