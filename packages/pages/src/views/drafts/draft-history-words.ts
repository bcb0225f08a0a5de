import type { Language } from "@connector/core/resolve";
import type { DraftCreator, DraftHistoryEntry } from "@connector/core/ports";
import { type MessageKey, message, richMessage } from "@connector/ui";

/** What was done to a draft, in a person's words (the page's history and its CSV export), in the reader's language or `language`. */
export const historyAction = (action: DraftHistoryEntry["action"], language?: Language): string =>
  message(`drafts.history.${action}`, undefined, language);

/** Which of the history's "who" sentences an entry takes, and the app's name when it has one. */
function actorMessage(entry: DraftHistoryEntry, readerUserId: string, creator: DraftCreator | undefined): { key: MessageKey; app?: string } {
  if (entry.via === "connection") {
    const own = entry.userId === readerUserId;
    // The history records a grant per entry; the app's name is known for the one that saved the draft.
    const app = creator !== undefined && creator.grantId === entry.grantId ? creator.connectionName : null;
    if (app === null) return { key: own ? "drafts.history.byOwnAppUnnamed" : "drafts.history.byColleagueAppUnnamed" };
    return { key: own ? "drafts.history.byOwnApp" : "drafts.history.byColleagueApp", app };
  }
  if (entry.via === "desk_key") return { key: "drafts.history.withDeskKey" };
  return { key: entry.userId === readerUserId ? "drafts.history.byYou" : "drafts.history.byColleague" };
}

/**
 * Who did it and how, as seen by the reader `readerUserId`, naming the app when the connection that
 * saved the draft (`creator`) did it: "by Claude (an app you connected)", words that stay true after a
 * revoke. One sentence per case in the catalogue; `showName` shows the app's name (isolated on the page).
 */
export function historyActor<Shown extends preact.VNode>(
  entry: DraftHistoryEntry,
  readerUserId: string,
  creator: DraftCreator | undefined,
  showName: (name: string) => Shown,
): preact.ComponentChildren {
  const { key, app } = actorMessage(entry, readerUserId, creator);
  return app === undefined ? message(key) : richMessage(key, { name: showName(app) });
}

/** The same words as plain text, for the CSV's "by" column (without the leading "by"); English unless asked. */
export function historyActorText(entry: DraftHistoryEntry, readerUserId: string, creator: DraftCreator | undefined, language: Language = "en"): string {
  const { key, app } = actorMessage(entry, readerUserId, creator);
  return message(key, app === undefined ? undefined : { name: app }, language).replace(/^(by|por) /, "");
}
