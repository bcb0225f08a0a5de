/** Milliseconds since the epoch; injected so tests can expire codes and tokens without sleeping. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** Stores keep timestamps as ISO-8601 UTC text, which compares correctly as a string. */
export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}
