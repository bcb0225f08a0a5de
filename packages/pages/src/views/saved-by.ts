import type { DraftCreator } from "@connector/core";

/**
 * Who saved a draft, in plain words, naming the connection's app: "Claude (your connected agent)",
 * "you, on this site", "a desk key". `viewerUserId` is the person reading, so their own are "your".
 */
export function savedByWords(creator: DraftCreator | undefined, viewerUserId: string): string {
  if (creator === undefined) return "—";
  const own = creator.userId === viewerUserId;
  if (creator.via === "connection") {
    const app = creator.connectionName ?? "A connected agent";
    return `${app} (${own ? "your" : "a colleague's"} connected agent)`;
  }
  if (creator.via === "desk_key") return "A desk key";
  return own ? "You, on this site" : "A colleague, on this site";
}
