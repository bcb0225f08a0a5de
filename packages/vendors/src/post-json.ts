import { isServiceError } from "@connector/core";
import { vendorFailed, type VendorName, vendorTimeout } from "@connector/core/routing";

/** A vendor answer larger than this is not an answer to a routing or reply request. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Why a vendor call failed, as a `code` the host's logs keep (they drop messages, which could quote
 * what the vendor sent): `http_502`, `response_too_large`, `not_json`, `unexpected_answer`.
 */
export function vendorProblem(code: string): Error {
  return Object.assign(new Error(code), { code });
}

export interface VendorRequest {
  vendor: VendorName;
  baseUrl: string;
  path: string;
  key: string;
  timeoutMs: number;
  body: unknown;
}

/**
 * One JSON-over-HTTP call to a vendor: POST with the hosted key as a bearer token. Every way it can
 * go wrong becomes the vendor's fail-closed error: the deadline (which covers reading the body too)
 * is `<vendor>_timeout`; a network error, a redirect, a non-2xx status, an oversized or non-JSON
 * body is `<vendor>_failed`. The key goes only into the Authorization header of this request.
 */
export async function postJson(request: VendorRequest): Promise<unknown> {
  const url = new URL(request.path, request.baseUrl.endsWith("/") ? request.baseUrl : `${request.baseUrl}/`);
  const signal = AbortSignal.timeout(request.timeoutMs);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${request.key}`,
        "content-type": "application/json",
        accept: "application/json",
      },
      body: JSON.stringify(request.body),
      // A redirect would carry the ask (and on the same origin the key) somewhere not configured.
      redirect: "error",
      signal,
    });
    const text = await response.text();
    if (!response.ok) throw vendorFailed(request.vendor, vendorProblem(`http_${response.status}`));
    if (Buffer.byteLength(text) > MAX_RESPONSE_BYTES) throw vendorFailed(request.vendor, vendorProblem("response_too_large"));
    try {
      return JSON.parse(text);
    } catch {
      throw vendorFailed(request.vendor, vendorProblem("not_json"));
    }
  } catch (error) {
    if (signal.aborted) throw vendorTimeout(request.vendor, error);
    if (isServiceError(error)) throw error;
    throw vendorFailed(request.vendor, error);
  }
}
