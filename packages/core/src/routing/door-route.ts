import { z } from "zod";

/** Spec §4.3: where the routing door sends an ask. */
export const DOORS = ["desk", "resolve", "collect", "chargebacks"] as const;
export type Door = (typeof DOORS)[number];

/** For the resolve door: whether the person is dealing with calls or with a letter. */
export const RESOLVE_CHANNELS = ["call", "letter"] as const;
export type ResolveChannel = (typeof RESOLVE_CHANNELS)[number];

/**
 * A route. `resolveChannel` is set exactly when the door is `resolve`, so a route never carries a
 * choice that means nothing.
 */
export const routeSchema = z
  .strictObject({
    door: z.enum(DOORS),
    resolveChannel: z.enum(RESOLVE_CHANNELS).nullable(),
  })
  .refine((route) => (route.door === "resolve") === (route.resolveChannel !== null), {
    message: "resolveChannel is set for the resolve door and only for it",
  });

export type Route = z.output<typeof routeSchema>;

/** The text a person typed into a door (homepage ask box or agent routing). */
export const askInputSchema = z.strictObject({
  text: z.string().trim().min(1).max(2000).describe("What the person wants, in their own words. No personal data."),
});
