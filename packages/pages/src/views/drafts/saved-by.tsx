import type { DraftCreator } from "@connector/core/ports";
import { Name } from "@connector/ui";

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
    const whose = own ? "(an app you connected)" : "(an app a colleague connected)";
    return creator.connectionName === null ? <>An app {own ? "you" : "a colleague"} connected</> : <><Name>{creator.connectionName}</Name> {whose}</>;
  }
  if (creator.via === "desk_key") return <>A desk key</>;
  return <>{own ? "You, on this site" : "A colleague, on this site"}</>;
}
