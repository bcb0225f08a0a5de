/**
 * The service's host root without a trailing slash. It is also the issuer identifier
 * (RFC 8414 §2: https, no query or fragment) and the prefix of every resource URL.
 */
export function normalizeBaseUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.search || url.hash) throw new TypeError("baseUrl must not have a query or fragment");
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new TypeError("baseUrl must be http(s)");
  return url.href.replace(/\/+$/, "");
}

/** Cookies get `Secure` and the `__Host-` prefix only where the browser will honour them. */
export function isHttps(baseUrl: string): boolean {
  return baseUrl.startsWith("https:");
}
