import { countInFixedWindow, type FixedWindowDecision, type FixedWindowLimit } from "@connector/core/limits";
import type { AuthContext } from "../context.js";
import { sha256Hex } from "../crypto/secrets.js";
import { normalizeEmail } from "../users/normalize-email.js";

const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export interface AccountSignInPaceOptions {
  /** Failed sign-ins for one account in 15 minutes before its attempts are spaced out. */
  freeFailures?: number;
  /** Past them, one attempt for the account per this many milliseconds. */
  spacingMs?: number;
}

/**
 * Failed sign-ins counted per account as well as per address (OWASP ASVS V2.2.1), against guessing
 * one account's password from many addresses. It slows and never locks: past `freeFailures`
 * failures in 15 minutes the account takes one attempt per `spacingMs` (10 s), so the real owner
 * waits seconds at most while a guesser gets about 90 tries a quarter-hour instead of thousands.
 * Counted under a hash of the email (the counters table holds no address of anyone), in the
 * database like every limit, so every instance shares it; an unknown email is paced alike.
 */
export function accountSignInPace(context: Pick<AuthContext, "stores" | "now">, options: AccountSignInPaceOptions = {}) {
  const failures: FixedWindowLimit = { name: "sign-in-account-failures", limit: options.freeFailures ?? 10, windowMs: SIGN_IN_WINDOW_MS };
  const spacing: FixedWindowLimit = { name: "sign-in-account-spacing", limit: 1, windowMs: options.spacingMs ?? 10_000 };
  const keyOf = (email: string) => sha256Hex(`sign-in:${normalizeEmail(email)}`);
  return {
    /** Before the password is tried: undefined to go ahead, or the refusal (with its wait) while the account is spaced out. */
    async admit(email: string): Promise<FixedWindowDecision | undefined> {
      const key = keyOf(email);
      const now = context.now();
      const counted = await countInFixedWindow(context.stores.counters, failures, key, now, 0);
      if (counted.remaining > 0) return undefined;
      const turn = await countInFixedWindow(context.stores.counters, spacing, key, now);
      return turn.allowed ? undefined : turn;
    },
    /** A wrong password (or unknown email) for this account. */
    async failed(email: string): Promise<void> {
      await countInFixedWindow(context.stores.counters, failures, keyOf(email), context.now());
    },
  };
}
