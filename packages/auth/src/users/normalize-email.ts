import { holdsControlCharacter } from "@connector/core/guard";

/** Emails are matched case-insensitively: stored and looked up trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Deliberately loose (one `@`, something either side, no spaces, no control character by core's one
 * rule): the address is a login name, not a mailbox we write to.
 */
export function isPlausibleEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email) && !holdsControlCharacter(email);
}
