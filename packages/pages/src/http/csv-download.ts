import { setImmediate as nextTurn } from "node:timers/promises";
import type { Response } from "express";
import { type CsvCell, csvRecords } from "./csv-cells.js";

/** A CSV file to download: its name, its header row, and its rows a page at a time. */
export interface CsvDownload {
  filename: string;
  header: readonly string[];
  /** Read one page at a time as the answer is written, so an export of any size is never held whole. */
  pages: AsyncIterable<ReadonlyArray<readonly CsvCell[]>> | Iterable<ReadonlyArray<readonly CsvCell[]>>;
}

/** A download of rows already in hand (a draft's history): one page. */
export function csvDownload(filename: string, header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): CsvDownload {
  return { filename, header, pages: [rows] };
}

/**
 * Writes a CSV download as its pages are read. The first page is read before the answer begins, so
 * a refused search still gets its page in words. Between pages the event loop gets a turn (a
 * macrotask, not a settled promise: the SQLite driver is synchronous, so awaits alone would never
 * let it read other requests), and a full socket is waited for. A person who goes away stops the
 * reading. A failure after the header was sent can no longer be a page: it is reported, and the
 * answer is cut off (no final chunk), so the browser says the download failed rather than keeping a
 * file that looks whole.
 */
export async function sendCsv(res: Response, download: CsvDownload, reportLateError: (error: unknown) => void): Promise<void> {
  const pages = Symbol.asyncIterator in download.pages ? download.pages[Symbol.asyncIterator]() : toAsync(download.pages);
  let page = await pages.next();
  let gone = false;
  const leave = () => {
    gone = true;
  };
  res.once("close", leave);
  try {
    res.status(200);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${download.filename}"`);
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    await write(res, csvRecords([download.header]));
    while (!page.done && !gone) {
      if (page.value.length > 0) await write(res, csvRecords(page.value));
      if (gone) break;
      await nextTurn();
      page = await pages.next();
    }
    if (!gone) res.end();
  } catch (error) {
    if (!gone) {
      reportLateError(error);
      res.destroy();
    }
  } finally {
    res.off("close", leave);
    // Stops the reading (a generator's `finally`) when the loop ended early.
    if (page.done !== true) await pages.return?.();
  }
}

/** Writes a chunk; when the socket's buffer is full, waits until it drains or the person goes away. */
async function write(res: Response, chunk: string): Promise<void> {
  if (res.write(chunk)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });
}

async function* toAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}
