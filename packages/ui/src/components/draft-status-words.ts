import type { BadgeTone } from "./status-badge.js";

/**
 * A draft's review status in plain words and the badge's tone, as the pages and the MCP Apps cards
 * show it; "reviewed" says it was not sent (spec §3). Keyed by core's `DraftReviewStatus` values
 * (ui does not depend on core; the pages' `Record<DraftReviewStatus, …>` type checks the keys).
 */
export const DRAFT_STATUS: Record<"awaiting_review" | "reviewed" | "approved" | "discarded", { label: string; tone: BadgeTone }> = {
  awaiting_review: { label: "Awaiting review", tone: "warn" },
  reviewed: { label: "Reviewed — not sent", tone: "info" },
  approved: { label: "Approved", tone: "good" },
  discarded: { label: "Discarded", tone: "neutral" },
};
