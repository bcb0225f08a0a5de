import type { RegistrationRateLimitStore } from "@connector/core";
import type { Request, RequestHandler, Response } from "express";
import { type Options, type Store, rateLimit } from "express-rate-limit";
import { type Clock, isoAt } from "../clock.js";
import { errorPage } from "../pages/error-page.js";
import { noStore, sendPage } from "./send.js";

const HOUR_MS = 60 * 60 * 1000;
const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/**
 * express-rate-limit counting in the database, so every instance of the service shares one
 * fixed window per IP. Decrement and reset are never needed: no option here skips requests.
 */
class RegistrationCounterStore implements Store {
  readonly localKeys = false;
  readonly prefix = "oauth-register:";
  private windowMs = HOUR_MS;

  constructor(
    private readonly counters: RegistrationRateLimitStore,
    private readonly clock: Clock,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string) {
    const windowStart = Math.floor(this.clock() / this.windowMs) * this.windowMs;
    const totalHits = await this.counters.hit(this.prefix + key, isoAt(windowStart));
    return { totalHits, resetTime: new Date(windowStart + this.windowMs) };
  }

  decrement(): void {}
  resetKey(): void {}
}

function tooMany(description: string) {
  return (_req: Request, res: Response) => {
    noStore(res);
    res.status(429).json({ error: "rate_limited", error_description: description });
  };
}

/**
 * Registrations per IP per hour. Generous by default: an MCP client registers once per install,
 * and test suites on loopback register dozens of clients (issue 3 §2).
 */
export function registrationRateLimit(counters: RegistrationRateLimitStore, clock: Clock, perHour: number): RequestHandler {
  return rateLimit({
    windowMs: HOUR_MS,
    limit: perHour,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    store: new RegistrationCounterStore(counters, clock),
    handler: tooMany("Too many client registrations from this address. Try again later."),
  });
}

/**
 * Failed sign-ins per IP (successful ones are not counted), against password guessing. Counted in
 * memory: a per-instance limit is enough to make guessing slow, and it costs no database write.
 */
export function signInRateLimit(failuresPer15Minutes: number): RequestHandler {
  return rateLimit({
    windowMs: SIGN_IN_WINDOW_MS,
    limit: failuresPer15Minutes,
    skipSuccessfulRequests: true,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, res) => {
      sendPage(res, 429, errorPage("Too many sign-in attempts", "Too many failed sign-ins from this address. Try again in 15 minutes."));
    },
  });
}
