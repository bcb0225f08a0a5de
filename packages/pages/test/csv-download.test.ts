import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { csvRecords } from "../src/http/csv-cells.js";
import { type CsvDownload, sendCsv } from "../src/http/csv-download.js";

/** A real HTTP server answering every request with `download`, written by the pages' one CSV writer. */
async function serve(download: () => CsvDownload, reported: unknown[]): Promise<{ url: string; server: Server }> {
  const app = express();
  app.get("/export.csv", (_req, res) => {
    void sendCsv(res, download(), (error) => reported.push(error));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/export.csv`, server };
}

/** Pages of rows as a store would give them, counting how many were read and whether the reading was stopped. */
function countedPages(total: number, failAt?: number) {
  const seen = { read: 0, stopped: false };
  let stoppedNow: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    stoppedNow = resolve;
  });
  async function* pages() {
    try {
      for (let page = 0; page < total; page++) {
        if (page === failAt) throw new Error("the database went away");
        seen.read += 1;
        yield Array.from({ length: 500 }, (_, row) => [`REF-${page}-${row}`, "x".repeat(200), row]);
      }
    } finally {
      seen.stopped = true;
      stoppedNow();
    }
  }
  return { seen, stopped, pages };
}

describe("the CSV writer (issue 47)", () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  it("stops reading the rows when the person goes away mid-way", async () => {
    const reported: unknown[] = [];
    const { seen, stopped, pages } = countedPages(1000);
    const served = await serve(() => ({ filename: "big.csv", header: ["reference", "name", "n"], pages: pages() }), reported);
    server = served.server;
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(served.url, (response) => {
        response.once("data", () => {
          request.destroy();
          resolve();
        });
      });
      request.on("error", () => {});
      request.once("error", reject);
      request.end();
    });
    await stopped;
    expect(seen.stopped).toBe(true);
    expect(seen.read).toBeLessThan(1000);
    expect(reported).toEqual([]);
  });

  it("cuts the download off, reported, when a page fails after the file began", async () => {
    const reported: unknown[] = [];
    const { pages } = countedPages(10, 3);
    const served = await serve(() => ({ filename: "cut.csv", header: ["reference", "name", "n"], pages: pages() }), reported);
    server = served.server;
    const answer = await fetch(served.url);
    expect(answer.status).toBe(200);
    // No final chunk: the browser says the download failed, rather than keeping a file that looks whole.
    await expect(answer.text()).rejects.toThrow();
    expect(reported).toHaveLength(1);
    expect(String(reported[0])).toContain("the database went away");
  });
});

describe("what an export writes in a cell (issue 51, finding 6)", () => {
  const line = (...cells: Array<string | number | null>) => csvRecords([cells]);

  it("neutralises a formula at the start of the cell", () => {
    expect(line("=HYPERLINK(1)", "+1", "-2", "@SUM(A1)", "plain", null, 20)).toBe("'=HYPERLINK(1),'+1,'-2,'@SUM(A1),plain,,20\r\n");
  });

  it("neutralises a formula after any locale's separator, and quotes the cell holding it", () => {
    // Excel set to `;` ignores a quote in the middle of its cell: `a` and `=1+1` would be two cells there.
    expect(line("a;=1+1")).toBe(`"a;'=1+1"\r\n`);
    expect(line(";=F1")).toBe(`";'=F1"\r\n`);
    expect(line("a,=1+1")).toBe(`"a,'=1+1"\r\n`);
    expect(line("a\t@x")).toBe(`"a\t'@x"\r\n`);
    expect(line("a\n-1")).toBe(`"a\n'-1"\r\n`);
  });

  it("quotes a cell holding any common separator, and leaves ordinary text as it is", () => {
    expect(line("Acme; Ltd", "tab\there", "Smith, Jo", "Jo-Ann", "2024-01-02T03:04:05.000Z")).toBe(
      `"Acme; Ltd","tab\there","Smith, Jo",Jo-Ann,2024-01-02T03:04:05.000Z\r\n`,
    );
  });
});
