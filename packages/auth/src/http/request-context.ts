import { requestIdOf } from "@connector/http";
import type { Response } from "express";
import type { AuthContext } from "../context.js";
import { withRequestId } from "../logger.js";

/** The context for the steps of one request: the same stores and clock, a logger that names the request. */
export function requestContext(context: AuthContext, res: Response): AuthContext {
  return { ...context, logger: withRequestId(context.logger, requestIdOf(res)) };
}
