/**
 * Recorded case statuses (spec §2.1 leaves them "not shown"; see docs/decisions.md).
 * Drawn from the lifecycles of real collection systems: open states first, then final ones.
 */
export const CASE_STATUSES = [
  "new",
  "active",
  "in_dispute",
  "payment_plan",
  "paused",
  "paid",
  "settled",
  "recalled",
  "closed",
] as const;

export type CaseStatus = (typeof CASE_STATUSES)[number];
