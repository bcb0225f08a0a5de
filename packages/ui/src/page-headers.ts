/**
 * The policy of every page: only this service's own stylesheet, scripts and images; forms post only
 * here; no framing (clickjacking on consent and approval screens), no `<base>` rewriting. Scripts
 * may fetch only from here (`connect-src 'self'`: the place screen sends a big CSV in parts).
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The policy for a page whose form is answered with a redirect to another origin (consent answers
 * the app at its registered redirect URI): browsers apply `form-action` to the redirect too, so
 * that origin is allowed for this page's forms, and nothing else changes.
 */
export function policyAllowingFormRedirect(origin: string): string {
  const { origin: exact } = new URL(origin);
  return CONTENT_SECURITY_POLICY.replace("form-action 'self'", `form-action 'self' ${exact}`);
}

/**
 * Headers for every HTML page: the policy above plus X-Frame-Options for older browsers, no MIME
 * sniffing, no referrer (page URLs carry authorization requests and invite tokens), and never cached
 * (pages show a person's own records and their CSRF tokens).
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
};

/** Hashed assets never change under their name: cache them for a year. */
export const ASSET_HEADERS: Readonly<Record<string, string>> = {
  "Cache-Control": "public, max-age=31536000, immutable",
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Resource-Policy": "same-origin",
};
