import { countInFixedWindow, type FixedWindowDecision, type FixedWindowLimit } from "@connector/core/limits";
import { rateLimitHeaders } from "@connector/http";
import type { Request, RequestHandler, Response } from "express";
import type { AuthContext } from "../context.js";
import { requestContext } from "./request-context.js";
import { noStore } from "./send.js";

const HOUR_MS = 60 * 60 * 1000;
const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/** The address a limit counts by: express's `req.ip` (the socket's, unless a proxy is trusted). */
export const addressOf = (req: Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

/** A refusal is a security event: logged (with the request's id, not the address) before it is answered. */
function refuse(
  context: AuthContext,
  res: Response,
  limit: FixedWindowLimit,
  decision: FixedWindowDecision,
  answer: (res: Response) => void,
): void {
  requestContext(context, res).logger.warn({ limit: limit.name }, "refused by a rate limit");
  res.set(rateLimitHeaders(limit, { ...decision, allowed: false }));
  answer(res);
}

/**
 * Registrations per IP per hour, counted in the database with core's fixed-window rule like every
 * other limit, so every instance of the service shares one count. Generous by default: an MCP
 * client registers once per install, and test suites on loopback register dozens of clients.
 */
export function registrationRateLimit(context: AuthContext, perHour: number): RequestHandler {
  const limit: FixedWindowLimit = { name: "oauth-register", limit: perHour, windowMs: HOUR_MS };
  return (req, res, next) => {
    countInFixedWindow(context.stores.counters, limit, addressOf(req), context.now()).then(
      (decision) => {
        if (decision.allowed) {
          res.set(rateLimitHeaders(limit, decision));
          next();
          return;
        }
        refuse(context, res, limit, decision, (response) => {
          noStore(response);
          response.status(429).json({ error: "rate_limited", error_description: "Too many client registrations from this address. Try again later." });
        });
      },
      next,
    );
  };
}

/**
 * Failed sign-ins per IP (successful ones are not counted), against password guessing. Every attempt
 * is counted before it is tried, and the count that answers decides, so parallel guesses spread over
 * several processes cannot all read the same "one left"; an attempt that succeeds gives its count back.
 * Kept in the database like every limit, so several instances share it.
 */
export function signInRateLimit(context: AuthContext, failuresPer15Minutes: number): RequestHandler {
  const { stores: { counters }, now: clock } = context;
  const limit: FixedWindowLimit = { name: "sign-in-failures", limit: failuresPer15Minutes, windowMs: SIGN_IN_WINDOW_MS };
  return (req, res, next) => {
    const address = addressOf(req);
    const attemptedAt = clock();
    countInFixedWindow(counters, limit, address, attemptedAt).then(
      (decision) => {
        if (!decision.allowed) {
          refuse(context, res, limit, decision, (response) =>
            context.pages.send(response, 429, context.pages.error({ reason: "too-many-sign-ins" })),
          );
          return;
        }
        res.on("finish", () => {
          if (res.statusCode >= 400) return;
          // Handing the count back must not fail the answer already sent; a lost hand-back only counts one success as a failure.
          countInFixedWindow(counters, limit, address, attemptedAt, -1).catch(() => {});
        });
        next();
      },
      // The count cannot be taken when the database is away: the route itself meets the outage and
      // answers it as its error page (503), as it would without the limit.
      () => next(),
    );
  };
}
