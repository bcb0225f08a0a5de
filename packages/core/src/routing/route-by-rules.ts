import type { Door, ResolveChannel, Route } from "./door-route.js";

/**
 * Phrases that name one door beyond doubt. Reception answers these without any service call; an
 * ask that matches no door, or more than one, is not clear and goes to the routing service.
 */
const DOOR_PATTERNS: Record<Door, RegExp[]> = {
  chargebacks: [/\bcharge ?backs?\b/i, /\bdisput(e|ed|ing) (a |the |my )?(card )?(charge|transaction)s?\b/i],
  desk: [/\bplac(e|ing) (my |our |new )?(debt )?accounts\b/i, /\bplacements?\b/i, /\bdebt portfolios?\b/i],
  collect: [/\bunpaid invoices?\b/i, /\bcollect (on )?(an |my |our )?(unpaid |overdue )?(invoices?|receivables?)\b/i],
  resolve: [/\bdebt collectors?\b/i, /\bcollection (agency|letter|notice|call)s?\b.*\b(me|my|i)\b/i, /\bi (don'?t|do not) owe\b/i],
};

const CHANNEL_PATTERNS: Record<ResolveChannel, RegExp> = {
  call: /\b(call|calls|calling|called|phone|phoning|voicemails?|rings?|ringing)\b/i,
  letter: /\b(letters?|mail|mailed|notice|wrote|written)\b/i,
};

/** A clear case's route, or undefined when the words do not settle it. */
export function routeByRules(text: string): Route | undefined {
  const doors = (Object.keys(DOOR_PATTERNS) as Door[]).filter((door) =>
    DOOR_PATTERNS[door].some((pattern) => pattern.test(text)),
  );
  if (doors.length !== 1) return undefined;
  const door = doors[0]!;
  if (door !== "resolve") return { door, resolveChannel: null };
  const channels = (Object.keys(CHANNEL_PATTERNS) as ResolveChannel[]).filter((channel) =>
    CHANNEL_PATTERNS[channel].test(text),
  );
  return channels.length === 1 ? { door, resolveChannel: channels[0]! } : undefined;
}
