import { TEST_DIALECTS, type TestDialect } from "@connector/store/testing";
import { type RawBuilder, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession, callWithBearer } from "./support/api-v1-client.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { bodyTextWithoutRequestIds } from "./support/echo-check.js";

const CSV = [
  "reference,name,amount,currency,creditor",
  'P-100,Ada Lovelace,"$1,234.56",USD,Acme Card Services',
  "P-101,Bo Diddley,,USD,",
  "P-102,Cy Young,0,EUR,",
  'P-103,"Dee, Jr.",42,,',
].join("\n");

const JSON_ROWS = [
  { reference: "P-100", name: "Ada Lovelace", amount: "$1,234.56", currency: "USD", creditor: "Acme Card Services" },
  { reference: "P-101", name: "Bo Diddley", amount: null },
  { reference: "P-102", name: "Cy Young", amount: 0, currency: "EUR" },
  { reference: "P-103", name: "Dee, Jr.", amount: 42 },
];

/**
 * A real failure inside the placement transaction, in each dialect's trigger syntax: the database
 * refuses the workflow run of account MID-3, after the batch's accounts were written.
 */
const FAIL_MID_BATCH: Record<TestDialect, { create: RawBuilder<unknown>[]; drop: RawBuilder<unknown> }> = {
  sqlite: {
    create: [
      sql`create trigger fail_mid_batch before insert on workflow_runs
        when (select reference from accounts where id = new.account_id) = 'MID-3'
        begin select raise(abort, 'injected failure'); end`,
    ],
    drop: sql`drop trigger fail_mid_batch`,
  },
  postgres: {
    create: [
      sql`create function fail_mid_batch() returns trigger language plpgsql as $$
        begin
          if (select reference from accounts where id = new.account_id) = 'MID-3' then raise exception 'injected failure'; end if;
          return new;
        end $$`,
      sql`create trigger fail_mid_batch before insert on workflow_runs for each row execute function fail_mid_batch()`,
    ],
    drop: sql`drop trigger fail_mid_batch on workflow_runs`,
  },
};

describe.each(TEST_DIALECTS)("POST and GET /api/v1/placements on %s", (dialect) => {
  let service: TestService;
  let owner: ApiSession;
  let key: string;
  beforeAll(async () => {
    service = await startTestService(dialect);
    // Placing needs the owner's acceptance of the Desk agreement (spec §5.3; refusals: agreement-every-door.test.ts).
    owner = await (await ApiSession.signIn(service.baseUrl, DEMO_USERS.deskOwner)).acceptAgreement();
    key = (await owner.call("POST", "/keys", { name: "placements" })).body.key;
  });
  afterAll(async () => {
    await service?.close();
  });

  const placedCount = async () =>
    Number(
      (
        await service.service.database.db
          .selectFrom("accounts")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("answers a dry run of JSON and of CSV with the same rows, and saves nothing", async () => {
    const before = await placedCount();
    const json = await callWithBearer(service.baseUrl, key, "POST", "/placements?dryRun=1", { accounts: JSON_ROWS });
    const csv = await callWithBearer(service.baseUrl, key, "POST", "/placements?dryRun=1", CSV, { csv: true });
    expect(json.status).toBe(200);
    expect(csv.body).toEqual(json.body);
    expect(json.body).toEqual({
      dryRun: true,
      saved: false,
      placements: [
        { reference: "P-100", name: "Ada Lovelace", amount: 1234.56, currency: "USD", creditor: "Acme Card Services" },
        { reference: "P-101", name: "Bo Diddley", amount: null, currency: "USD", creditor: null },
        { reference: "P-102", name: "Cy Young", amount: 0, currency: "EUR", creditor: null },
        { reference: "P-103", name: "Dee, Jr.", amount: 42, currency: "USD", creditor: null },
      ],
    });
    expect(await placedCount()).toBe(before);
  });

  it("reports every bad row in one answer and saves none of the batch", async () => {
    const before = await placedCount();
    const csv = [
      "reference,name,amount",
      "Q-1,Good Row,10",
      "Q-2,Bad Amount,ten dollars",
      "Q-1,Repeated,5",
      "HRP-000001,Placed Before,",
      "Q-3,,1",
      "Q-4,Card 4111 1111 1111 1111,1",
    ].join("\n");
    const response = await callWithBearer(service.baseUrl, key, "POST", "/placements", csv, { csv: true });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: "invalid_amount", field: "accounts.1.amount" });
    expect(response.body.error.details.map((detail: any) => [detail.row, detail.code, detail.field])).toEqual([
      // The spreadsheet's rows: the header is row 1 (issue 47).
      [3, "invalid_amount", "accounts.1.amount"],
      [4, "duplicate_reference", "accounts.2.reference"],
      [5, "reference_conflict", "accounts.3.reference"],
      [6, "invalid_input", "accounts.4.name"],
      [7, "forbidden_personal_data", "accounts.5.name"],
    ]);
    expect(bodyTextWithoutRequestIds(response.body)).not.toContain("4111");
    expect(await placedCount()).toBe(before);
  });

  it("saves JSON and CSV alike: amount null when not provided, 0 kept, and lists them with their skip state", async () => {
    const before = await placedCount();
    const json = await callWithBearer(service.baseUrl, key, "POST", "/placements", { accounts: JSON_ROWS });
    expect(json.status).toBe(200);
    expect(json.body.saved).toBe(true);
    expect(await placedCount()).toBe(before + 4);
    // The same rows again are all conflicts; CSV of other references saves the same shapes.
    const again = await callWithBearer(service.baseUrl, key, "POST", "/placements", CSV, { csv: true });
    expect(again.status).toBe(409);
    expect(again.body.error.details.map((detail: any) => detail.code)).toEqual(Array(4).fill("reference_conflict"));
    const csv = await owner.call("POST", "/placements", CSV.replaceAll("P-1", "C-1"), { csv: true });
    expect(csv.status).toBe(200);
    const shape = (body: any) =>
      body.placements.map(({ accountId: _id, placedAt: _at, reference, ...rest }: any) => ({ ...rest, reference: reference.slice(2) }));
    expect(shape(csv.body)).toEqual(shape(json.body));

    const seen: any[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await callWithBearer(service.baseUrl, key, "GET", `/placements?limit=100${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.placements);
      cursor = page.body.nextCursor;
    } while (cursor !== null);
    expect(seen).toHaveLength(before - 20 + 8); // the other demo desk's 20 accounts are not this Desk's
    const mine = Object.fromEntries(seen.filter((p) => /^[PC]-10/.test(p.reference)).map((p) => [p.reference, p]));
    expect(mine["P-101"]).toMatchObject({ amount: null, skip: "not_skipped", caseStatus: "new" });
    expect(mine["P-102"]).toMatchObject({ amount: 0, currency: "EUR" });
    expect(mine["C-100"]).toMatchObject({ amount: 1234.56, creditor: "Acme Card Services" });
  });

  it("refuses a CSV body over 64 KiB with 413 and a CSV with an unknown column with 400, saving nothing", async () => {
    const before = await placedCount();
    const rows = Array.from({ length: 3000 }, (_, index) => `BIG-${index},Person ${index},10`);
    const large = await callWithBearer(service.baseUrl, key, "POST", "/placements", ["reference,name,amount", ...rows].join("\n"), { csv: true });
    expect(large.status).toBe(413);
    expect(large.body.error.code).toBe("payload_too_large");
    const unknown = await callWithBearer(service.baseUrl, key, "POST", "/placements", "reference,name,ssn\nU-1,Una,x", { csv: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: "invalid_input", field: "body" });
    expect(await placedCount()).toBe(before);
  });

  it("leaves nothing behind when the database fails in the middle of saving a batch", async () => {
    const { db } = service.service.database;
    // A real failure inside the transaction: queueing the workflow run of the third account is refused
    // by the database, after the batch's accounts were written.
    for (const statement of FAIL_MID_BATCH[dialect].create) await statement.execute(db);
    try {
      const before = await placedCount();
      const countRuns = async () =>
        Number((await db.selectFrom("workflow_runs").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
      const runsBefore = await countRuns();
      const rows = [1, 2, 3, 4].map((n) => ({ reference: `MID-${n}`, name: `Middle ${n}`, amount: n }));
      const response = await callWithBearer(service.baseUrl, key, "POST", "/placements", { accounts: rows });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({
        error: { code: "internal_error", message: expect.any(String), requestId: response.headers.get("x-request-id") },
      });
      expect(await placedCount()).toBe(before);
      expect(await countRuns()).toBe(runsBefore);
      const listed = await callWithBearer(service.baseUrl, key, "GET", "/placements?limit=100");
      expect(listed.body.placements.some((placement: any) => placement.reference.startsWith("MID-"))).toBe(false);
    } finally {
      await FAIL_MID_BATCH[dialect].drop.execute(db);
    }
  });

  it("refuses agency_desk_id while this Desk is no agency's client, and an unknown query flag", async () => {
    const agency = await callWithBearer(service.baseUrl, key, "POST", "/placements", {
      accounts: [{ reference: "AG-1", name: "Agency", amount: 1 }],
      agency_desk_id: service.service.demo!.summary.otherDeskId,
    });
    expect(agency.status).toBe(403);
    expect(agency.body.error).toMatchObject({ code: "agency_not_client", field: "agency_desk_id" });
    const unknown = await callWithBearer(service.baseUrl, key, "POST", "/placements?dryrun=1", { accounts: JSON_ROWS });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe("invalid_input");
  });
});
