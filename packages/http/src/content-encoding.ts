import { ServiceError } from "@connector/core";

interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Every body reader's rule on `Content-Encoding`: a body is read as sent, never inflated. Any coding
 * but `identity` is `415 unsupported_media_type`, in words that fit every door (JSON, a form, a CSV, a
 * file's raw part). Why not inflate: a compressed body is no smaller a request for spec §8's 64 KiB
 * (97 bytes of gzip made a 64 KiB part), and data that does not inflate was the service's 500.
 */
export function refuseContentEncoding(req: RequestLike): void {
  const header = req.headers["content-encoding"];
  const encoding = (Array.isArray(header) ? header.join(",") : (header ?? "")).trim().toLowerCase();
  if (encoding !== "" && encoding !== "identity") throw compressedBodyRefusal();
}

/** The refusal of a compressed body, also for a reader that found the coding itself (body-parser's `encoding.unsupported`). */
export const compressedBodyRefusal = () =>
  new ServiceError("unsupported_media_type", "Send the body uncompressed (no Content-Encoding).");
