import { closeAfterUnreadBody, formBody, MAX_REQUEST_BYTES } from "@connector/http";
import { ServiceError } from "@connector/core";
import type { Request } from "express";
import multer from "multer";
import { CSRF_FIELD } from "@connector/ui";
import type { FormBodyReader } from "./page-handler.js";

/** Said when a file is past what the form carries without the place screen's script (which sends bigger files in parts). */
const TOO_LARGE =
  "The file is larger than 64 KB, the most this form can send without JavaScript. Turn JavaScript on in your browser to send files up to 10 MB in parts, or split the file into files under 64 KB.";

/** The CSRF token was missing or wrong when the file began: the handler's own check then shows "This form has expired". */
class TokenNotFirst extends Error {}

/**
 * A CSV upload, in memory, within spec §8's 64 KiB: the declared length is checked before reading,
 * and every part is capped (multer's own defaults allow 1 MiB per text field and any number of
 * them). The form's CSRF token comes before the file in the form, so the file is read only for
 * a request that carried this session's token.
 */
function upload(isValidToken: (presented: unknown) => boolean) {
  return multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_REQUEST_BYTES, fieldSize: MAX_REQUEST_BYTES, fieldNameSize: 100, fields: 10, files: 1, parts: 11, headerPairs: 20 },
    fileFilter: (req: Request, _file, accept) => {
      if (isValidToken((req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD])) accept(null, true);
      else accept(new TokenNotFirst());
    },
  }).single("file");
}

const LIMIT_CODES = new Set(["LIMIT_FILE_SIZE", "LIMIT_FIELD_VALUE", "LIMIT_PART_COUNT", "LIMIT_FIELD_COUNT", "LIMIT_FILE_COUNT"]);

/**
 * The preview form's body: a multipart upload (the CSV form) or a plain form (one account). A body
 * over the limit is the service's `payload_too_large`, said on the page.
 */
export const placementPreviewBody: FormBodyReader = (req, res, next, isValidToken) => {
  if (!(req.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/form-data")) {
    formBody(req, res, next);
    return;
  }
  if (Number(req.headers["content-length"]) > MAX_REQUEST_BYTES) {
    closeAfterUnreadBody(req, res);
    next(new ServiceError("payload_too_large", TOO_LARGE));
    return;
  }
  upload(isValidToken)(req, res, (error?: unknown) => {
    if (error === undefined || error === null || error instanceof TokenNotFirst) {
      next();
      return;
    }
    next(
      LIMIT_CODES.has((error as { code?: string }).code ?? "")
        ? new ServiceError("payload_too_large", TOO_LARGE)
        : new ServiceError("invalid_input", "The upload could not be read. Choose the CSV file again."),
    );
  });
};

/** The save form carries the previewed rows back (as JSON); like every request, at most 64 KiB. */
export const placementSaveBody: FormBodyReader = (req, res, next) => formBody(req, res, next);
