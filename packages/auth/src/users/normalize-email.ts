/** Emails are matched case-insensitively: stored and looked up trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Deliberately loose (one `@`, something either side, no spaces): the address is a login name, not a mailbox we write to. */
export function isPlausibleEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email);
}
