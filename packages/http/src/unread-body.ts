import { ServiceError } from "@connector/core";
import { MAX_REQUEST_BYTES } from "./read-json-body.js";

interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
}
interface ResponseLike {
  setHeader(name: string, value: string): unknown;
}

/**
 * Answering without reading the body (a signed-out form post, a declared length over spec §8's
 * 64 KiB): when the body is large or of unknown length, the connection closes after the answer
 * (RFC 9112 §9.6), so the rest of an upload is not read just to be thrown away. A small body is
 * left to Node, which reads it off and keeps the connection.
 */
export function closeAfterUnreadBody(req: RequestLike, res: ResponseLike): void {
  const declared = req.headers["content-length"];
  const large = declared === undefined ? req.headers["transfer-encoding"] !== undefined : Number(declared) > MAX_REQUEST_BYTES;
  if (large) res.setHeader("Connection", "close");
}

/**
 * Spec §8 before anything else runs: a request that declares a body over 64 KiB is refused
 * (`413 payload_too_large`) without reading it, and its connection closes after the answer. Mounted on
 * the API prefixes; the pages and OAuth forms answer the same limit in their own words.
 */
export function refuseDeclaredOversize() {
  return (req: RequestLike, res: ResponseLike, next: (error?: unknown) => void): void => {
    if (Number(req.headers["content-length"]) > MAX_REQUEST_BYTES) {
      closeAfterUnreadBody(req, res);
      next(new ServiceError("payload_too_large", `The request body is larger than ${MAX_REQUEST_BYTES} bytes.`));
      return;
    }
    next();
  };
}
