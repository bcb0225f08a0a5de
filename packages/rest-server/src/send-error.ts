import { writeErrorResponse } from "@connector/core";
import type { ErrorRequestHandler } from "express";

/** Last handler of a router: body-reader failures and anything thrown become the JSON error body. */
export const errorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  writeErrorResponse(res, error);
};
