import type { DraftCreator } from "@connector/core/ports";
import { Name } from "@connector/ui";

/**
 * Who saved a draft, in plain words, naming the connection's app (isolated: its registrant chose
 * it): "Claude (your connected agent)", "You, on this site", "A desk key". `viewerUserId` is the
 * person reading, so their own are "your".
 */
export function SavedBy({ creator, viewerUserId }: { creator: DraftCreator | undefined; viewerUserId: string }) {
  if (creator === undefined) return <>—</>;
  const own = creator.userId === viewerUserId;
  if (creator.via === "connection") {
    const whose = `(${own ? "your" : "a colleague's"} connected agent)`;
    return creator.connectionName === null ? <>A connected agent {whose}</> : <><Name>{creator.connectionName}</Name> {whose}</>;
  }
  if (creator.via === "desk_key") return <>A desk key</>;
  return <>{own ? "You, on this site" : "A colleague, on this site"}</>;
}
