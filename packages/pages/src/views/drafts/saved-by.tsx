import type { DraftCreator } from "@connector/core/ports";
import { message, Name, richMessage } from "@connector/ui";

/**
 * Who saved a draft, in plain words, naming the connection's app (isolated: its registrant chose
 * it): "Claude (an app you connected)", "You, on this site", "A desk key". `viewerUserId` is the
 * person reading, so their own are "your". Said in the past ("you connected"): it stays true after
 * the connection is revoked, when "your connected agent" no longer is (issue 39 item 7).
 */
export function SavedBy({ creator, viewerUserId }: { creator: DraftCreator | undefined; viewerUserId: string }) {
  if (creator === undefined) return <>—</>;
  const own = creator.userId === viewerUserId;
  if (creator.via === "connection") {
    if (creator.connectionName === null) return <>{message(own ? "drafts.savedBy.ownAppUnnamed" : "drafts.savedBy.colleagueAppUnnamed")}</>;
    return <>{richMessage(own ? "drafts.savedBy.ownApp" : "drafts.savedBy.colleagueApp", { name: <Name>{creator.connectionName}</Name> })}</>;
  }
  if (creator.via === "desk_key") return <>{message("drafts.savedBy.deskKey")}</>;
  return <>{message(own ? "drafts.savedBy.ownSite" : "drafts.savedBy.colleagueSite")}</>;
}
