import { countInFixedWindow, type FixedWindowCounterStore, type FixedWindowDecision, type FixedWindowLimit } from "@connector/core";
import { rateLimitHeaders } from "@connector/http";
import type { Request, RequestHandler, Response } from "express";
import type { Clock } from "../clock.js";
import { errorPage } from "../pages/error-page.js";
import { noStore, sendPage } from "./send.js";

const HOUR_MS = 60 * 60 * 1000;
const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/** The address a limit counts by: express's `req.ip` (the socket's, unless a proxy is trusted). */
const addressOf = (req: Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

function refuse(res: Response, limit: FixedWindowLimit, decision: FixedWindowDecision, answer: (res: Response) => void): void {
  res.set(rateLimitHeaders(limit, { ...decision, allowed: false }));
  answer(res);
}

/**
 * Registrations per IP per hour, counted in the database with core's fixed-window rule like every
 * other limit, so every instance of the service shares one count. Generous by default: an MCP
 * client registers once per install, and test suites on loopback register dozens of clients.
 */
export function registrationRateLimit(counters: FixedWindowCounterStore, clock: Clock, perHour: number): RequestHandler {
  const limit: FixedWindowLimit = { name: "oauth-register", limit: perHour, windowMs: HOUR_MS };
  return (req, res, next) => {
    countInFixedWindow(counters, limit, addressOf(req), clock()).then(
      (decision) => {
        if (decision.allowed) {
          res.set(rateLimitHeaders(limit, decision));
          next();
          return;
        }
        refuse(res, limit, decision, (response) => {
          noStore(response);
          response.status(429).json({ error: "rate_limited", error_description: "Too many client registrations from this address. Try again later." });
        });
      },
      next,
    );
  };
}

/**
 * Failed sign-ins per IP (successful ones are not counted), against password guessing: the count
 * is read before the attempt and a failure (any 4xx/5xx answer) is added once it is answered.
 * Kept in the database like every limit, so several instances share it.
 */
export function signInRateLimit(counters: FixedWindowCounterStore, clock: Clock, failuresPer15Minutes: number): RequestHandler {
  const limit: FixedWindowLimit = { name: "sign-in-failures", limit: failuresPer15Minutes, windowMs: SIGN_IN_WINDOW_MS };
  return (req, res, next) => {
    const address = addressOf(req);
    countInFixedWindow(counters, limit, address, clock(), 0).then(
      (decision) => {
        if (decision.remaining === 0) {
          refuse(res, limit, decision, (response) =>
            sendPage(response, 429, errorPage("Too many sign-in attempts", "Too many failed sign-ins from this address. Try again in 15 minutes.")),
          );
          return;
        }
        res.on("finish", () => {
          if (res.statusCode < 400) return;
          // Counting a failure must not fail the answer already sent; a lost count only makes guessing a little cheaper.
          countInFixedWindow(counters, limit, address, clock()).catch(() => {});
        });
        next();
      },
      // The count cannot be read when the database is away: the route itself meets the outage and
      // answers it as its error page (503), as it would without the limit.
      () => next(),
    );
  };
}
