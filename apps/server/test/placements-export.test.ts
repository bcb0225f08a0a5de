import type { IncomingMessage, ServerResponse } from "node:http";
import { bulkInsertAccounts } from "@connector/store";
import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { BrowserSession } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { startTestService, type TestService } from "./support/test-service.js";

/** More than the 10,000 rows the export once stopped at (issue 47: a Desk of 110,323 accounts). */
const BULK = 12_345;

describe("the placements export, of any size (issue 47)", { timeout: 120_000 }, () => {
  let service: TestService;
  let owner: BrowserSession;
  let before: number;

  beforeAll(async () => {
    service = await startTestService(EMBEDDED_TEST_DIALECT);
    const deskId = service.service.demo!.summary.deskId;
    const { db } = service.service.database;
    before = Number((await db.selectFrom("accounts").select((eb) => eb.fn.countAll().as("n")).where("desk_id", "=", deskId).executeTakeFirstOrThrow()).n);
    await bulkInsertAccounts(service.service.database, deskId, BULK, { referencePrefix: "EXPORT" });
    owner = new BrowserSession(service.baseUrl);
    expect((await owner.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password)).status).toBe(303);
  });
  afterAll(async () => {
    await service?.close();
  });

  it("gives every placement, each once, and answers other requests while it is written", async () => {
    // Watches the server: whether the export had ended when the other request was read.
    let exportAnswer: ServerResponse | undefined;
    let exportEndedWhenHealthRead: boolean | undefined;
    const watch = (req: IncomingMessage, res: ServerResponse) => {
      if (req.url?.startsWith("/desk/place/placements.csv")) exportAnswer = res;
      if (req.url === "/healthz") exportEndedWhenHealthRead = exportAnswer?.writableEnded;
    };
    service.server.prependListener("request", watch);
    try {
      const download = await owner.request("/desk/place/placements.csv");
      expect(download.status).toBe(200);
      expect(download.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      // Asked for once the export's answer has begun, and before a byte of its body is read.
      expect((await fetch(`${service.baseUrl}/healthz`)).status).toBe(200);
      expect(exportEndedWhenHealthRead).toBe(false);

      const lines = (await download.text()).trimEnd().split("\r\n");
      expect(lines[0]).toBe("reference,amount,currency,creditor,case_status,skip_trace,placed_at_utc,account_id");
      const rows = lines.slice(1);
      expect(rows).toHaveLength(before + BULK);
      const exported = rows.filter((row) => row.startsWith("EXPORT-")).map((row) => row.split(",")[0]);
      expect(new Set(exported).size).toBe(BULK);
      expect(new Set(rows.map((row) => row.split(",").at(-1))).size).toBe(rows.length);
    } finally {
      service.server.off("request", watch);
    }
  });

  it("refuses a search it cannot run with a page in words, before any file begins", async () => {
    const refused = await owner.request("/desk/place/placements.csv?status=not-a-status");
    expect(refused.status).toBe(400);
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await refused.text()).toContain("That case status is not one this service records");
  });
});
