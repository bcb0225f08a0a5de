import { findNulCharacter, nulCharacterError } from "@connector/core/guard";
import { MAX_REQUEST_BYTES } from "@connector/http";
import express, { type Request, type RequestHandler, type Response } from "express";

const urlencoded = express.urlencoded({ extended: false, limit: MAX_REQUEST_BYTES });

/**
 * The auth endpoints' form bodies (RFC 6749 §3.2, the sign-in and consent forms): urlencoded,
 * at most spec §8's 64 KiB, and no field holding a NUL character (`invalid_input` naming it:
 * PostgreSQL cannot store one, and no email, code or token contains one).
 */
export const formBody: RequestHandler = (req, res, next) => {
  urlencoded(req, res, (error?: unknown) => {
    if (error !== undefined && error !== null) {
      next(error);
      return;
    }
    const field = findNulCharacter(req.body);
    next(field === undefined ? undefined : nulCharacterError(field));
  });
};

/** `formBody` for a handler that reads the body only after it checked who is signed in. */
export function readFormBody(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => formBody(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
}
