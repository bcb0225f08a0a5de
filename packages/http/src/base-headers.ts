interface ResponseLike {
  setHeader(name: string, value: string): unknown;
}

/** RFC 6797: a year, for this host and the hosts below it; sent only over a deployment reached by https. */
export const HSTS_VALUE = "max-age=31536000; includeSubDomains";

/**
 * Headers every answer starts with (OWASP ASVS V14.4): `X-Content-Type-Options: nosniff`, so no
 * browser reads a JSON answer or an upload echo as a script or page; `Cache-Control: no-store`,
 * because pages, tool results and `/api/v1` answers carry a person's records (answers meant to be
 * cached, the hashed assets and the discovery metadata, set their own); and
 * `Strict-Transport-Security` when the service's BASE_URL is https. Connect-style, first in the chain.
 */
export function baseHeaders(options: { baseUrl: string }) {
  const https = new URL(options.baseUrl).protocol === "https:";
  return (_req: unknown, res: ResponseLike, next: () => void): void => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cache-Control", "no-store");
    if (https) res.setHeader("Strict-Transport-Security", HSTS_VALUE);
    next();
  };
}
