import { countInFixedWindow, type FixedWindowDecision, type FixedWindowLimit } from "@connector/core/limits";
import type { AuthContext } from "../context.js";
import { sha256Hex } from "../crypto/secrets.js";
import { normalizeEmail } from "../users/normalize-email.js";
import type { KnownDevice } from "./device-cookie.js";

const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export interface AccountSignInPaceOptions {
  /** Failed sign-ins for one account in 15 minutes before its attempts are spaced out. */
  freeFailures?: number;
  /** Past them, one attempt for the account from one address per this many milliseconds. */
  spacingMs?: number;
  /** Failed sign-ins from one known browser in 15 minutes before it is paced like any other. */
  knownDeviceFailures?: number;
}

/** Who is trying: the client address, and the browser's device cookie if it holds a valid one for the account. */
export interface SignInAttempt {
  email: string;
  address: string;
  device: KnownDevice | undefined;
}

/**
 * Failed sign-ins counted per account as well as per address (OWASP ASVS V2.2.1), against guessing one
 * account's password from many addresses, without handing the owner's turn to the guesser (issue 37).
 * Past `freeFailures` failures for the account in 15 minutes, attempts are spaced to one per `spacingMs`
 * (10 s) for the account from each address: an attacker's attempts spend their own address's turns,
 * never the owner's, so the right password from a new place still gets in within one spacing. A
 * browser that signed in to the account before (OWASP's device cookie) is not paced by the account's
 * failures at all, until it fails `knownDeviceFailures` times itself, nor by its address's limit
 * (`addressSignInLimit`), which still bounds every untrusted attempt from an address across accounts. It slows and never locks. Counted under
 * hashes (the counters table holds no email or address), in the database like every limit, so every
 * instance shares it; an unknown email is paced alike.
 */
export function accountSignInPace(context: Pick<AuthContext, "stores" | "now">, options: AccountSignInPaceOptions = {}) {
  const failures: FixedWindowLimit = { name: "sign-in-account-failures", limit: options.freeFailures ?? 10, windowMs: SIGN_IN_WINDOW_MS };
  const spacing: FixedWindowLimit = { name: "sign-in-account-spacing", limit: 1, windowMs: options.spacingMs ?? 10_000 };
  const deviceFailures: FixedWindowLimit = {
    name: "sign-in-device-failures",
    limit: options.knownDeviceFailures ?? 10,
    windowMs: SIGN_IN_WINDOW_MS,
  };
  const { counters } = context.stores;
  const accountKey = (email: string) => sha256Hex(`sign-in:${normalizeEmail(email)}`);
  const peek = async (limit: FixedWindowLimit, key: string) => (await countInFixedWindow(counters, limit, key, context.now(), 0)).remaining > 0;
  /** A browser holding a valid device cookie for the account, that has not used up its own failures. */
  const trusts = async ({ device }: SignInAttempt) => device !== undefined && (await peek(deviceFailures, device.id));
  return {
    trusts,
    /** Before the password is tried: undefined to go ahead, or the refusal (with its wait) while this attempt is spaced out. */
    async admit(attempt: SignInAttempt): Promise<FixedWindowDecision | undefined> {
      if (await trusts(attempt)) return undefined;
      const { email, address } = attempt;
      const key = accountKey(email);
      if (await peek(failures, key)) return undefined;
      const turn = await countInFixedWindow(counters, spacing, sha256Hex(`${key}:${address}`), context.now());
      return turn.allowed ? undefined : turn;
    },
    /** A wrong password (or unknown email) for this account, counted for the account and the known browser it came from. */
    async failed({ email, device }: SignInAttempt): Promise<void> {
      await countInFixedWindow(counters, failures, accountKey(email), context.now());
      if (device !== undefined) await countInFixedWindow(counters, deviceFailures, device.id, context.now());
    },
  };
}
