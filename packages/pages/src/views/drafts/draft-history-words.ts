import type { DraftCreator, DraftHistoryEntry } from "@connector/core/ports";

/** What was done to a draft, in a person's words (the page's history and its CSV export). */
export const HISTORY_ACTIONS: Record<DraftHistoryEntry["action"], string> = {
  created: "Saved",
  reviewed: "Marked reviewed",
  approved: "Approved",
  discarded: "Discarded",
  copied: "Copied",
};

/**
 * Who did it and how, as seen by the reader `readerUserId`, naming the app when the connection that
 * saved the draft (`creator`) did it: "by Claude (an app you connected)", words that stay true after a revoke. The one wording for the
 * page and the CSV; `showName` shows the app's name (isolated on the page, plain in the CSV), so the
 * answer is a list of pieces.
 */
export function historyActor<Shown>(
  entry: DraftHistoryEntry,
  readerUserId: string,
  creator: DraftCreator | undefined,
  showName: (name: string) => Shown,
): Array<string | Shown> {
  if (entry.via === "connection") {
    const own = entry.userId === readerUserId ? "you" : "a colleague";
    // The history records a grant per entry; the app's name is known for the one that saved the draft.
    const app = creator !== undefined && creator.grantId === entry.grantId ? creator.connectionName : null;
    return app === null ? [`by an app ${own} connected`] : ["by ", showName(app), ` (an app ${own} connected)`];
  }
  if (entry.via === "desk_key") return ["with a desk key"];
  return [entry.userId === readerUserId ? "by you, on this site" : "by a colleague, on this site"];
}

/** The same words as plain text, for the CSV's "by" column (without the leading "by"). */
export function historyActorText(entry: DraftHistoryEntry, readerUserId: string, creator: DraftCreator | undefined): string {
  return historyActor(entry, readerUserId, creator, (name) => name)
    .join("")
    .replace(/^by /, "");
}
