/**
 * Human-review states of a draft (spec §3 names `reviewed`; the rest are decided in docs/decisions.md).
 * None of them means sent, delivered or accepted: the service never sends anything.
 */
export const DRAFT_REVIEW_STATUSES = ["awaiting_review", "reviewed", "approved", "discarded"] as const;
export type DraftReviewStatus = (typeof DRAFT_REVIEW_STATUSES)[number];
