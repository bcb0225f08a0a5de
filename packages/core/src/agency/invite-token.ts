import { base64url } from "../crypto/base64url.js";
import { randomBytes } from "../crypto/random-bytes.js";
import { sha256Hex } from "../crypto/sha256-hex.js";

/** The prefix tells people and secret scanners what leaked. */
const PREFIX = "inv_";

/** 256 random bits: an invite link cannot be guessed, so peek needs no rate limit to stay closed. */
export function newInviteToken(): string {
  return `${PREFIX}${base64url(randomBytes(32))}`;
}

/** Tokens are stored only as this hash; peek and redeem look invites up by it. */
export function inviteTokenHash(token: string): string {
  return sha256Hex(token);
}

/** `{base_url}/invite/<token>` (spec §2.7). */
export function inviteUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/invite/${encodeURIComponent(token)}`;
}
