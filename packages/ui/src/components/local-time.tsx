import { formatActByDate, formatDateTime, timeZoneLabel } from "../time/format-time.js";
import { richMessage } from "../messages/catalogue.js";
import { readerTimeZone } from "../reader/reader.js";

/** What the time-zone script rewrites: a full date and time, or the last day to act. */
type LocalTimeKind = "date-time" | "act-by";

function moment(iso: string): Date | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function Moment({ iso, kind }: { iso: string; kind: LocalTimeKind }) {
  const date = moment(iso);
  if (date === undefined) return <>{iso}</>;
  const zone = readerTimeZone();
  const text = kind === "date-time" ? formatDateTime(date, zone) : formatActByDate(date, zone);
  // `data-zone` says which zone the text is in; the script redoes it only when the browser's differs.
  return (
    <time dateTime={date.toISOString()} data-local-time={kind} data-zone={zone}>
      {text}
    </time>
  );
}

/**
 * A stored time (ISO 8601) as the reader reads it: date, time and the zone's name, in the reader's
 * zone (their browser's, once its script has told the server; the service's default until then).
 * A `<time datetime>` element, so assistive tools and the script have the exact moment.
 */
export function LocalTime({ at }: { at: string }) {
  return <Moment iso={at} kind="date-time" />;
}

/**
 * The last day to act before `at` passes, in the reader's zone ("Tuesday, December 23, 2025"): what
 * a deadline leads with. Show the exact time with `LocalTime` beside it.
 */
export function ActByDate({ at }: { at: string }) {
  return <Moment iso={at} kind="act-by" />;
}

/**
 * The zone this page's times are in, named in words and by its place ("Pacific Time (Los Angeles)",
 * `zoneLabel`), for the page footer; the script updates it, in the same format, when it rewrites the times.
 */
export function TimeZoneNote() {
  const zone = readerTimeZone();
  return (
    <p data-time-zone-note>
      {richMessage("layout.timeZoneNote", {
        zone: (
          <span data-time-zone-name>{timeZoneLabel(zone)}</span>
        ),
      })}
    </p>
  );
}
