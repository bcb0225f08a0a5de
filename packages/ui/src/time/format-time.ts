import type { Language } from "@connector/core/resolve";
import { readerLanguage } from "../reader/reader.js";
import { LOCALES } from "./locales.js";
import { zoneLabel } from "./zone-label.js";

/**
 * Times as people read them, in a named zone: "Tue, Dec 23, 2025, 9:45 PM EST". The same options
 * are used by the time-zone script (assets/local-time.js) when it rewrites a time in the browser's
 * own zone, so both read alike.
 */
const DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: "short",
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};

const DATE: Intl.DateTimeFormatOptions = { weekday: "long", year: "numeric", month: "long", day: "numeric" };

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: "date-time" | "date" | "zone" | "clock", timeZone: string, language: Language = readerLanguage()): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone} ${language}`;
  let format = formats.get(key);
  if (format === undefined) {
    const options =
      kind === "date-time"
        ? DATE_TIME
        : kind === "date"
          ? DATE
          : kind === "zone"
            ? { timeZoneName: "longGeneric" as const }
            : { hour: "2-digit" as const, minute: "2-digit" as const, hourCycle: "h23" as const };
    format = new Intl.DateTimeFormat(LOCALES[language], { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** A moment as date and time in `timeZone`, with the zone's short name. */
export function formatDateTime(date: Date, timeZone: string): string {
  return formatter("date-time", timeZone).format(date);
}

/**
 * The last day a person can act before `date` passes, in `timeZone`: the day it falls on, or the
 * day before when it falls exactly at midnight (an offer ending at 12:00 AM on the 24th must be
 * taken up on the 23rd). "Tuesday, December 23, 2025".
 */
export function formatActByDate(date: Date, timeZone: string): string {
  const clock = formatter("clock", timeZone).format(date);
  const day = clock === "00:00" ? new Date(date.getTime() - 60_000) : date;
  return formatter("date", timeZone).format(day);
}

/** The zone's name in words, e.g. "Eastern Time" (standard or daylight alike). */
export function timeZoneLongName(timeZone: string, date: Date = new Date()): string {
  const part = formatter("zone", timeZone)
    .formatToParts(date)
    .find((piece) => piece.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/**
 * The reader's zone as a letter names it: "Central Time", or the zone's own id ("UTC") where the
 * only name there is an offset ("GMT+00:00"), which a collector could misread.
 */
/** A zone named for the reader, "Pacific Time (Los Angeles)" (`zoneLabel`, the one format the script shares). */
export const timeZoneLabel = (timeZone: string): string => zoneLabel(timeZone, timeZoneLongName(timeZone));

export function readerZoneName(timeZone: string): string {
  const name = timeZoneLongName(timeZone);
  return name.startsWith("GMT") ? timeZone : name;
}
