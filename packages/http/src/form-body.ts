import type { IncomingMessage, ServerResponse } from "node:http";
import { findNulCharacter, nulCharacterError } from "@connector/core/guard";
import bodyParser from "body-parser";
import { refuseContentEncoding } from "./content-encoding.js";
import { asServiceError } from "./error-response.js";
import { MAX_REQUEST_BYTES } from "./read-json-body.js";

const urlencoded = bodyParser.urlencoded({ extended: false, limit: MAX_REQUEST_BYTES });

// `any` as express types a request's body, so a route that mounts this keeps express's inference.
// biome-ignore lint/suspicious/noExplicitAny: the form's fields are checked where they are read
type FormRequest = IncomingMessage & { body?: any };

/**
 * The one form parser of every browser and OAuth form (the pages' forms, RFC 6749 §3.2's token and
 * revocation bodies, sign-in and consent): urlencoded, at most spec §8's 64 KiB, and no field
 * holding a NUL character (`invalid_input` naming it: PostgreSQL cannot store one, and no email,
 * code or token contains one), sent uncompressed (`refuseContentEncoding`). A refusal reaches `next` already as the service's error (413
 * `payload_too_large`, 400 `invalid_input`), so every door answers it the same way. Mount it after
 * the session and CSRF checks where a route makes them.
 */
export function formBody(req: FormRequest, res: ServerResponse, next: (error?: unknown) => void): void {
  try {
    refuseContentEncoding(req);
  } catch (error) {
    next(error);
    return;
  }
  urlencoded(req, res, (error?: unknown) => {
    if (error !== undefined && error !== null) {
      next(asServiceError(error));
      return;
    }
    const field = findNulCharacter(req.body);
    next(field === undefined ? undefined : nulCharacterError(field));
  });
}

/** `formBody` for a handler that reads the body only after it checked who is signed in. */
export function readFormBody(req: FormRequest, res: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => formBody(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
}
