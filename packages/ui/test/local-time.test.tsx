import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import {
  ActByDate,
  DEFAULT_TIME_ZONE,
  asReaderOf,
  inTimeZone,
  LocalTime,
  readerMiddleware,
  renderFragment,
  renderPage,
  timeZoneOfRequest,
} from "../src/index.js";

// 02:45 UTC on 24 December is the evening of the 23rd across the United States (issue 18 §2).
const LATE_EVENING = "2025-12-24T02:45:00.000Z";

describe("times in the reader's zone", () => {
  it("shows a moment in the reader's zone with the zone named, in a <time datetime> element", () => {
    const eastern = inTimeZone("America/New_York", () => renderFragment(<LocalTime at={LATE_EVENING} />));
    expect(eastern).toBe(
      '<time datetime="2025-12-24T02:45:00.000Z" data-local-time="date-time" data-zone="America/New_York">Tue, Dec 23, 2025, 9:45 PM EST</time>',
    );
    const pacific = inTimeZone("America/Los_Angeles", () => renderFragment(<LocalTime at={LATE_EVENING} />));
    expect(pacific).toContain(">Tue, Dec 23, 2025, 6:45 PM PST</time>");
    const london = inTimeZone("Europe/London", () => renderFragment(<LocalTime at={LATE_EVENING} />));
    expect(london).toContain(">Wed, Dec 24, 2025, 2:45 AM GMT</time>");
  });

  it("leads a deadline with the last day to act, which is the day before when it ends at midnight", () => {
    expect(inTimeZone("America/Chicago", () => renderFragment(<ActByDate at={LATE_EVENING} />))).toContain(
      ">Tuesday, December 23, 2025</time>",
    );
    // Midnight at the start of the 24th in New York: the 23rd is the last day.
    expect(inTimeZone("America/New_York", () => renderFragment(<ActByDate at="2025-12-24T05:00:00.000Z" />))).toContain(
      ">Tuesday, December 23, 2025</time>",
    );
    expect(inTimeZone("America/New_York", () => renderFragment(<ActByDate at="2025-12-24T05:01:00.000Z" />))).toContain(
      ">Wednesday, December 24, 2025</time>",
    );
  });

  it("reads the zone from the tz cookie, and falls back to the stated default for a missing or forged one", () => {
    expect(timeZoneOfRequest({ headers: { cookie: "session=x; tz=America%2FDenver" } })).toBe("America/Denver");
    expect(timeZoneOfRequest({ headers: {} })).toBe(DEFAULT_TIME_ZONE);
    expect(timeZoneOfRequest({ headers: { cookie: "tz=Mars%2FOlympus" } })).toBe(DEFAULT_TIME_ZONE);
    expect(timeZoneOfRequest({ headers: { cookie: "tz=%3Cscript%3E" } })).toBe(DEFAULT_TIME_ZONE);
    expect(timeZoneOfRequest({ headers: { cookie: "tz=%E0%A4%A" } })).toBe(DEFAULT_TIME_ZONE);
    expect(asReaderOf({ headers: { cookie: "tz=Asia%2FTokyo" } }, () => renderFragment(<LocalTime at={LATE_EVENING} />))).toContain(
      "11:45 AM GMT+9",
    );
  });

  it("names the zone in every page's footer, and the default outside a request", () => {
    expect(renderPage({ title: "Home", children: null })).toContain("Eastern Time (New York)");
    expect(inTimeZone("Europe/Paris", () => renderPage({ title: "Home", children: null }))).toContain("Central European Time (Paris)");
  });

  it("keeps the reader's zone through the host's middleware for the rest of the request", async () => {
    const middleware = readerMiddleware();
    const server = createServer((req, res) =>
      middleware(req, res, () => {
        // Rendered later, as an async page handler would.
        setImmediate(() => res.end(renderFragment(<LocalTime at={LATE_EVENING} />)));
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const west = await fetch(`http://127.0.0.1:${port}/`, { headers: { cookie: "tz=America%2FLos_Angeles" } });
      expect(await west.text()).toContain("6:45 PM PST");
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toContain("9:45 PM EST");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
