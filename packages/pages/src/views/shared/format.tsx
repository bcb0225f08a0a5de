import type { DraftReviewStatus } from "@connector/core/domain";
import type { WorkflowRunStatus } from "@connector/core/ports";
import { type BadgeTone, DRAFT_STATUS as SHARED_DRAFT_STATUS, LocalTime, message } from "@connector/ui";
import type { VNode } from "preact";

/**
 * A stored ISO time as the reader reads it: a `<time datetime>` element with date, time and zone
 * name in the reader's own zone (see LocalTime). "never" (in the reader's language) when there is no time.
 */
export function formatTime(iso: string | null | undefined): VNode | string {
  if (iso === null || iso === undefined) return message("shared.never");
  return <LocalTime at={iso} />;
}

/** Review statuses in plain words: one table in @connector/ui, which the MCP Apps cards use too. */
export const DRAFT_STATUS: Record<DraftReviewStatus, { label: string; tone: BadgeTone }> = SHARED_DRAFT_STATUS;

export const RUN_STATUS: Record<WorkflowRunStatus, BadgeTone> = {
  queued: "neutral",
  running: "info",
  succeeded: "good",
  failed: "bad",
  cancelled: "neutral",
};

/** A placement amount: null means the balance was not provided, which is not zero (spec §4.3). */
export function formatAmount(amount: number | null, currency: string): string {
  if (amount === null) return message("shared.notProvided");
  return `${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
}
