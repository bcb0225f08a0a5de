import { requestIdOf } from "@connector/http";
import type { RequestHandler } from "express";
import type { Logger } from "./logger.js";

/**
 * One structured line per request: its id, method, path without its query (queries can carry OAuth
 * parameters), status and duration. Headers and bodies are never logged.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info({ requestId: requestIdOf(res), method: req.method, path: req.originalUrl.split("?")[0], status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
    });
    next();
  };
}
