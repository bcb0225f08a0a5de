import { randomUUID } from "node:crypto";

/** One key per logical draft, reused on every retry of it (spec §7 rule 3). */
export function newIdempotencyKey(): string {
  return `sdk-${randomUUID()}`;
}
