// The reader's time zone (LocalTime in @connector/ui). Pages are rendered in the zone the `tz`
// cookie names, or the service's default; this script stores the browser's own zone in that cookie
// for the next page and rewrites this page's times in it at once. Without JavaScript the times stay
// in the zone they name, so every page still reads correctly. A document that writes its times
// later (the MCP Apps cards, from a tool result) sends `connector:times-added` to have them rewritten.
(() => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  const secure = location.protocol === "https:" ? "; secure" : "";
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers still in use.
    document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax${secure}`;
  } catch {
    // A sandboxed frame (a card inside a chat client) has no cookies: its times are still rewritten.
  }
  // The page's locale (`<html data-locale>`, from src/time/locales.ts), so the words match the server's.
  const locale = document.documentElement.dataset.locale || "en-US";
  const format = (options) => new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
  // The same options as src/time/format-time.ts.
  const dateTime = format({ weekday: "short", year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });
  const date = format({ weekday: "long", year: "numeric", month: "long", day: "numeric" });
  const clock = format({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  // The zone in words and by its place, "Pacific Time (Los Angeles)", as the server names it: `zoneLabel` is the
  // server's own function (src/time/zone-label.ts), prepended to this script as it is served (src/assets.ts).
  const zoneNamed = () => {
    const words = format({ timeZoneName: "longGeneric" }).formatToParts(new Date()).find((part) => part.type === "timeZoneName");
    return zoneLabel(zone, words ? words.value : zone);
  };
  const actBy = (moment) => date.format(clock.format(moment) === "00:00" ? new Date(moment.getTime() - 60000) : moment);
  const rewrite = () => {
    let changed = false;
    for (const element of document.querySelectorAll("time[data-local-time]")) {
      if (element.dataset.zone === zone) continue;
      const moment = new Date(element.dateTime);
      if (Number.isNaN(moment.getTime())) continue;
      element.textContent = element.dataset.localTime === "act-by" ? actBy(moment) : dateTime.format(moment);
      element.dataset.zone = zone;
      changed = true;
    }
    const name = document.querySelector("[data-time-zone-name]");
    if (changed || (name && name.textContent !== zoneNamed())) {
      if (name) name.textContent = zoneNamed();
    }
  };
  rewrite();
  // A form that asks the zone of times a person types (the letter's, issue 48): when nothing is chosen
  // yet, the zone the browser reports is chosen (offered first if the list lacks it), and the words
  // beside the field (`data-words`, in the page's language) say which it is. A choice made stays.
  for (const note of document.querySelectorAll("[data-browser-zone-for]")) {
    const select = document.getElementById(note.dataset.browserZoneFor);
    if (!(select instanceof HTMLSelectElement)) continue;
    if (select.value === "") {
      if (![...select.options].some((option) => option.value === zone)) select.add(new Option(zoneNamed(), zone), 1);
      select.value = zone;
    }
    note.textContent = (note.dataset.words || "{zone}").replace("{zone}", zoneNamed());
    note.hidden = false;
  }
  document.addEventListener("connector:times-added", rewrite);
})();
