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
 * Kept in the database like every limit, so several instances share it. The sign-in route asks only
 * once it knows the attempt is untrusted: a browser holding a valid device cookie for the account tried
 * is paced by its own failures instead (`accountSignInPace`), so others at the owner's address (one NAT,
 * one proxy) cannot keep the owner out (issue 51).
 */
export function addressSignInLimit(context: AuthContext, failuresPer15Minutes: number) {
  const { stores: { counters } } = context;
  const limit: FixedWindowLimit = { name: "sign-in-failures", limit: failuresPer15Minutes, windowMs: SIGN_IN_WINDOW_MS };
  return {
    /** Counts the attempt for `address`; true to go ahead, false once refused (429 page already sent). */
    async admit(res: Response, address: string, attemptedAt: number): Promise<boolean> {
      const decision = await countInFixedWindow(counters, limit, address, attemptedAt);
      if (decision.allowed) return true;
      refuse(context, res, limit, decision, (response) => context.pages.send(response, 429, context.pages.error({ reason: "too-many-sign-ins" })));
      return false;
    },
    /** A success gives its count back; a lost hand-back only counts one success as a failure, so it never fails the answer. */
    succeeded(address: string, attemptedAt: number): void {
      countInFixedWindow(counters, limit, address, attemptedAt, -1).catch(() => {});
    },
  };
}
