import { MAX_REQUEST_BYTES } from "@connector/http";
import { ServiceError } from "@connector/core";
import express, { type RequestHandler } from "express";
import multer from "multer";
import { formBody } from "./page-handler.js";

/** A CSV upload: one file, in memory, at most the service's 64 KiB request size. */
const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_REQUEST_BYTES, files: 1, fields: 10 } }).single("file");

/**
 * The preview form's body: a multipart upload (the CSV form) or a plain form (one account). A file
 * over the limit is the service's `payload_too_large`, said on the page.
 */
export const placementPreviewBody: RequestHandler = (req, res, next) => {
  if (!(req.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/form-data")) {
    formBody(req, res, next);
    return;
  }
  upload(req, res, (error?: unknown) => {
    if (error === undefined || error === null) {
      next();
      return;
    }
    const tooLarge = (error as { code?: string }).code === "LIMIT_FILE_SIZE";
    next(
      tooLarge
        ? new ServiceError("payload_too_large", "The file is larger than 64 KB. Split it into smaller files.")
        : new ServiceError("invalid_input", "The upload could not be read. Choose the CSV file again."),
    );
  });
};

/** The save form carries the previewed rows back (as JSON), so it may be larger than one CSV file. */
export const placementSaveBody: RequestHandler = express.urlencoded({ extended: false, limit: "256kb" });
