import { z } from "zod";

/** Spec §2.3/§2.4/§8: chosen once per logical draft and reused on every retry (§7 rule 3). */
export const idempotencyKeySchema = z
  .string()
  .min(16)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, "may contain only letters, digits, '_' and '-'")
  .describe("Chosen once per logical draft and reused unchanged on every retry.");
