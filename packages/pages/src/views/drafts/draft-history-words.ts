import type { DraftCreator, DraftHistoryEntry } from "@connector/core/ports";
import { type MessageKey, message, richMessage } from "@connector/ui";

/** What was done to a draft, in a person's words and the reader's language (the page's history and its CSV export). */
export const historyAction = (action: DraftHistoryEntry["action"]): string => message(`drafts.history.${action}`);

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

/**
 * Who did it, for the CSV's "by" column: a record kept or shared names the person (issue 48 item
 * 9), "Dana Park, on this site", never "you"; in the reader's language. A person whose name is not
 * known (an account since removed) keeps the page's words.
 */
export function historyActorText(entry: DraftHistoryEntry, readerUserId: string, creator: DraftCreator | undefined, people: Readonly<Record<string, string>>): string {
  const { key, app } = actorMessage(entry, readerUserId, creator);
  const person = entry.userId === null ? undefined : people[entry.userId];
  if (person === undefined || entry.via === "desk_key") return message(key, app === undefined ? undefined : { name: app }).replace(/^(by|por) /, "");
  if (entry.via !== "connection") return message("drafts.csv.person", { person });
  return app === undefined ? message("drafts.csv.personAppUnnamed", { person }) : message("drafts.csv.personApp", { name: app, person });
}
