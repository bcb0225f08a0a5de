/**
 * A time zone as the pages name it, "Pacific Time (Los Angeles)": its words (`Intl`'s long generic
 * name, in the page's language) and its place, which tells Arizona from Denver and is short enough for
 * a phone's width. The one format of the page footer, the letter's zone field and what the time-zone
 * script says of the browser's zone: the script carries this very function, its source prepended to
 * the script when it is served (`LOCAL_TIME_SCRIPT`, assets.ts), so it must stay self-contained (no
 * import, nothing from outside its body) and written in what every browser runs.
 */
export const zoneLabel = (zone: string, words: string): string => `${words} (${(zone.split("/").pop() ?? zone).replace(/_/g, " ")})`;
