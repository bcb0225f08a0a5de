import { requestIdOf } from "@connector/http";
import type { RequestHandler } from "express";
import type { Logger } from "./logger.js";
import { traceFields } from "./tracing/trace-fields.js";

/** An invite link's path carries its token (`/invite/<token>`, spec §2.7): a secret, never logged. */
const INVITE_TOKEN_PATH = /^(\/invite\/)[^/]+/;

/** The path as logged: without its query (queries can carry OAuth parameters or an invite token), secrets masked. */
export function loggablePath(originalUrl: string): string {
  return (originalUrl.split("?")[0] ?? "").replace(INVITE_TOKEN_PATH, "$1[redacted]");
}

/**
 * One structured line per request: its id, method, path without its query and with secrets masked,
 * status and duration, and the trace's ids when it is traced. Headers and bodies are never logged.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    // Read now, in the request's context: the response's end is heard outside it.
    const trace = traceFields();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info({ requestId: requestIdOf(res), method: req.method, path: loggablePath(req.originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10, ...trace }, "request");
    });
    next();
  };
}
