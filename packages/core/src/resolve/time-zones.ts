/**
 * The zones a contact-preference letter offers for the times a person types (issue 48): every US
 * zone a consumer lives in, east to west, then the territories. A browser may report another zone
 * (a person abroad); the form then offers it too, and the letter names whichever is chosen.
 */
export const US_TIME_ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "America/Puerto_Rico",
  "Pacific/Guam",
] as const;

/**
 * A real IANA zone name in its canonical spelling, or undefined: what a browser's cookie or a
 * letter's address says is checked, since either is the browser's (or a link's) to write.
 */
export function validTimeZone(name: string | undefined): string | undefined {
  if (name === undefined || name === "" || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
