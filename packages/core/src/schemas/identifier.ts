import { z } from "zod";

/**
 * Spec §2.8: versions 1–8 with variant 8, 9, a or b in either case, or the nil UUID,
 * or the all-f ("max") UUID in either case.
 */
export const IDENTIFIER_PATTERN =
  /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12})$/;

export const identifierSchema = z
  .string()
  .regex(IDENTIFIER_PATTERN, "must be a UUID (versions 1-8, the nil UUID or the all-f UUID)")
  // Identifiers are stored lower-case and callers may send either case: this is the one place
  // they are normalised, so handlers and stores receive them ready for lookup.
  .toLowerCase()
  .meta({ format: "uuid" });
