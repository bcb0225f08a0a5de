import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { AuthStores } from "@connector/core/ports";
import { type Clock, isoAt } from "../clock.js";
import { DPOP_NONCE_PERIOD_MS } from "../lifetimes.js";

/** Server-provided DPoP nonces (RFC 9449 §8 at the token endpoint, §9 at the resource servers). */
export interface DpopNonces {
  /** The nonce of the current period, for the `DPoP-Nonce` header. */
  current(): Promise<string>;
  /** Issued by this service (any process) in the current period or the one before. */
  isFresh(nonce: string): Promise<boolean>;
}

/**
 * A nonce is its period's number and an HMAC of it under a secret every process shares (kept in the
 * store, made by whichever process asked first): nothing is stored per nonce, any process accepts
 * another's, and nobody without the secret can make next period's nonce ahead of time, which is what a
 * nonce is for (proofs cannot be signed in advance, §11.2). The authorization server and the resource
 * servers share an origin, so one nonce serves both, as clients keep one per origin.
 */
export function createDpopNonces(stores: Pick<AuthStores, "dpop">, clock: Clock): DpopNonces {
  let secret: Promise<Buffer> | undefined;
  let cached: { period: number; nonce: string } | undefined;
  const key = () => {
    secret ??= stores.dpop.nonceSecret(randomBytes(32).toString("base64url"), isoAt(clock())).then(
      (value) => Buffer.from(value, "base64url"),
      (error: unknown) => {
        secret = undefined;
        throw error;
      },
    );
    return secret;
  };
  const mac = (secretKey: Buffer, period: number) => createHmac("sha256", secretKey).update(`dpop-nonce:${period}`).digest().subarray(0, 18);
  const nonceOf = async (period: number) => `${period.toString(36)}.${mac(await key(), period).toString("base64url")}`;
  return {
    async current() {
      const period = Math.floor(clock() / DPOP_NONCE_PERIOD_MS);
      if (cached?.period !== period) cached = { period, nonce: await nonceOf(period) };
      return cached.nonce;
    },
    async isFresh(nonce) {
      const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{24})$/.exec(nonce);
      if (match === null) return false;
      const period = Number.parseInt(match[1]!, 36);
      const now = Math.floor(clock() / DPOP_NONCE_PERIOD_MS);
      if (period !== now && period !== now - 1) return false;
      const expected = mac(await key(), period);
      const given = Buffer.from(match[2]!, "base64url");
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
