import type { DraftHistoryEntry } from "@connector/core";

/** What was done to a draft, in a person's words (the page's history and its CSV export). */
export const HISTORY_ACTIONS: Record<DraftHistoryEntry["action"], string> = {
  created: "Saved",
  reviewed: "Marked reviewed",
  approved: "Approved",
  discarded: "Discarded",
  copied: "Copied",
};

/** Who did it and how, as seen by the reader `readerUserId`. */
export function historyActor(entry: DraftHistoryEntry, readerUserId: string): string {
  if (entry.via === "connection") return entry.userId === readerUserId ? "by your connected agent" : "by a colleague's connected agent";
  if (entry.via === "desk_key") return "with a desk key";
  return entry.userId === readerUserId ? "by you, on this site" : "by a colleague, on this site";
}
