import { findNulCharacter, nulCharacterError } from "@connector/core/guard";
import { MAX_REQUEST_BYTES } from "@connector/http";
import express, { type Request, type RequestHandler, type Response } from "express";

const urlencoded = express.urlencoded({ extended: false, limit: MAX_REQUEST_BYTES });

/**
 * The one form parser of every browser and OAuth form (the pages' forms, RFC 6749 §3.2's token and
 * revocation bodies, sign-in and consent): urlencoded, at most spec §8's 64 KiB, and no field
 * holding a NUL character (`invalid_input` naming it: PostgreSQL cannot store one, and no email,
 * code or token contains one). Mount it after the session and CSRF checks where a route makes them.
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
