import { z } from "zod";
import { withoutControlCharacters } from "../guard/control-characters.js";
import { DIRECTION_CONTROL_RULE, holdsDirectionControl } from "../guard/direction-controls.js";
import { validTimeZone } from "./time-zones.js";

/** Ways of contact a person can ask a collector not to use (12 CFR 1006.14(h)). Mail stays open. */
export const UNWANTED_WAYS = ["calls", "texts", "emails"] as const;
export type UnwantedWay = (typeof UNWANTED_WAYS)[number];

export const UNWANTED_WAY_WORDS: Record<UnwantedWay, string> = {
  calls: "phone calls",
  texts: "text messages",
  emails: "email",
};

/** A checkbox as a form sends it: present ("on") or absent. */
const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("1")])
  .optional()
  .transform((value) => value !== undefined);

/**
 * Words a person types, which the letter quotes inside its own sentences. They may arrive in a link
 * (the letter's address carries the choices), so none may hold a control character (core's one rule:
 * ESC, DEL or U+2028, which no letter holds) nor a direction control.
 */
const words = withoutControlCharacters(z.string().max(200, "Keep this to 200 characters."))
  .refine((text) => !holdsDirectionControl(text), DIRECTION_CONTROL_RULE)
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim().replace(/\s+/g, " ")));

/**
 * The zone the person's times are in, as they chose it on the form (an IANA name): the letter names
 * it. Never guessed: without one, the letter says "my local time" (issue 48).
 */
const zone = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value === "" ? undefined : value))
  .refine((value) => value === undefined || validTimeZone(value) !== undefined, "is not a time zone (an IANA name such as America/Chicago)")
  .transform((value) => validTimeZone(value));

/**
 * What a person says on a contact-preference draft's page, in plain words, to shape the letter:
 * the times (and the zone they are in), places and ways of contact they do not want, and whether a lawyer represents them.
 * Page-only: the tool's strict schema (spec §2.4) is not widened, and nothing here is stored (the
 * service keeps no contact details); the person copies the letter it shapes.
 */
export const contactPreferenceChoicesSchema = z.strictObject({
  times: words,
  zone,
  work: checkbox,
  places: words,
  ways: z
    .union([z.enum(UNWANTED_WAYS), z.array(z.enum(UNWANTED_WAYS))])
    .optional()
    .transform((value) => (value === undefined ? [] : [...new Set(Array.isArray(value) ? value : [value])])),
  lawyer: checkbox,
});

export type ContactPreferenceChoices = z.output<typeof contactPreferenceChoicesSchema>;

export const NO_CHOICES: ContactPreferenceChoices = { times: undefined, zone: undefined, work: false, places: undefined, ways: [], lawyer: false };
