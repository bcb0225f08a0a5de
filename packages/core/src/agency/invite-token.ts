import { createHash, randomBytes } from "node:crypto";

/** The prefix tells people and secret scanners what leaked. */
const PREFIX = "inv_";

/** 256 random bits: an invite link cannot be guessed, so peek needs no rate limit to stay closed. */
export function newInviteToken(): string {
  return `${PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** Tokens are stored only as this hash; peek and redeem look invites up by it. */
export function inviteTokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** `{base_url}/invite/<token>` (spec §2.7). */
export function inviteUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/invite/${encodeURIComponent(token)}`;
}
