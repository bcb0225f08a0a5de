import { TEST_DIALECTS } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession, callWithBearer } from "./support/api-v1-client.js";
import { createDeskWithOwner } from "./support/desk-users.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { bodyTextWithoutRequestIds } from "./support/echo-check.js";

describe.each(TEST_DIALECTS)("phones, the skip count and escalations over /api/v1 on %s", (dialect) => {
  let service: TestService;
  let desk: ApiSession; // a new creditor desk whose accounts are all placed through /api/v1
  let deskId: string;
  let harbor: ApiSession; // the demo desk, whose seeded accounts have no recorded skip state

  beforeAll(async () => {
    service = await startTestService(dialect);
    const created = await createDeskWithOwner(service, "creditor", "Lakeside Lending");
    deskId = created.deskId;
    desk = await (await ApiSession.signIn(service.baseUrl, created.user)).acceptAgreement();
    harbor = await ApiSession.signIn(service.baseUrl, DEMO_USERS.deskOwner);
  });
  afterAll(async () => {
    await service?.close();
  });

  const phoneCount = async () =>
    Number(
      (
        await service.service.database.db
          .selectFrom("account_phones")
          .innerJoin("accounts", "accounts.id", "account_phones.account_id")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("accounts.desk_id", "=", deskId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("counts an empty desk as 0 and placed accounts as not yet skip-traced", async () => {
    expect((await desk.call("GET", "/inventory/skip")).body).toEqual({ notSkipped: 0, accounts: 0 });
    const placed = await desk.call("POST", "/placements", {
      accounts: [
        { reference: "LL-1", name: "Ada One", amount: 10 },
        { reference: "LL-2", name: "Bo Two", amount: 20 },
        { reference: "LL-3", name: "Cy Three", amount: null },
      ],
    });
    expect(placed.status).toBe(200);
    expect((await desk.call("GET", "/inventory/skip")).body).toEqual({ notSkipped: 3, accounts: 3 });
  });

  it("says unknown, with the reason, when any account's skip state was never recorded: never a guess", async () => {
    const answer = await harbor.call("GET", "/inventory/skip");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      notSkipped: "unknown",
      accounts: service.service.demo!.summary.accountCount,
      reason: expect.stringContaining("no recorded skip-trace state"),
    });
  });

  const importBody = {
    source: "Skip vendor batch 7",
    phones: [
      { reference: "LL-1", phone: "(415) 555-2671" },
      { reference: "LL-1", phone: "+1 415 555 2671" },
      { reference: "LL-2", phone: "12345" },
      { reference: "NOT-MINE", phone: "415-555-0100" },
      { reference: "LL-2", phone: "+44 20 7946 0958" },
    ],
  };

  it("previews an import with dryRun: every row reported, invalid rows with their problem, nothing saved", async () => {
    const preview = await desk.call("POST", "/phones/import?dryRun=1", importBody);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      dryRun: true,
      batchId: null,
      source: "Skip vendor batch 7",
      counts: { rows: 5, new: 2, onFile: 0, invalid: 3 },
      rows: [
        { row: 1, reference: "LL-1", status: "new", masked: "+1********71", country: "US" },
        { row: 2, reference: "LL-1", status: "invalid", problem: "duplicate_row", masked: "+1********71", country: "US" },
        { row: 3, reference: "LL-2", status: "invalid", problem: "invalid_phone" },
        { row: 4, reference: "NOT-MINE", status: "invalid", problem: "unknown_account" },
        { row: 5, reference: "LL-2", status: "new", masked: "+4*********58", country: "GB" },
      ],
    });
    // Answers never repeat a number.
    expect(JSON.stringify(preview.body)).not.toMatch(/4155552671|2079460958/);
    expect(await phoneCount()).toBe(0);
    expect((await desk.call("GET", "/inventory/skip")).body).toEqual({ notSkipped: 3, accounts: 3 });
  });

  it("saves the valid new numbers in E.164, marks their accounts skip-traced, and keeps numbers on file once", async () => {
    const saved = await desk.call("POST", "/phones/import", importBody);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ dryRun: false, batchId: expect.any(String), counts: { rows: 5, new: 2, onFile: 0, invalid: 3 } });
    const stored = await service.service.database.db.selectFrom("account_phones").select(["e164", "batch_id"]).orderBy("e164").execute();
    expect(stored.map((row) => row.e164)).toEqual(["+14155552671", "+442079460958"]);
    const batch = await service.service.database.db.selectFrom("phone_import_batches").selectAll().where("id", "=", saved.body.batchId).executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ desk_id: deskId, source: "Skip vendor batch 7", row_count: 5, valid_count: 2, invalid_count: 3 });
    expect((await desk.call("GET", "/inventory/skip")).body).toEqual({ notSkipped: 1, accounts: 3 });
    const placements = (await desk.call("GET", "/placements")).body.placements;
    expect(Object.fromEntries(placements.map((p: any) => [p.reference, p.skip]))).toEqual({
      "LL-1": "skipped",
      "LL-2": "skipped",
      "LL-3": "not_skipped",
    });

    const again = await desk.call("POST", "/phones/import", { source: "Client file", phones: [{ reference: "LL-1", phone: "415.555.2671" }] });
    expect(again.body.counts).toEqual({ rows: 1, new: 0, onFile: 1, invalid: 0 });
    expect(again.body.rows[0].status).toBe("on_file");
    expect(await phoneCount()).toBe(2);
  });

  it("requires a source, checks free text for personal data, and refuses consumers", async () => {
    const noSource = await desk.call("POST", "/phones/import", { phones: [{ reference: "LL-3", phone: "4155552671" }] });
    expect(noSource.status).toBe(400);
    expect(noSource.body.error).toMatchObject({ code: "invalid_input", field: "source" });
    const pii = await desk.call("POST", "/phones/import", { source: "SSN 123-45-6789", phones: [{ reference: "LL-3", phone: "4155552671" }] });
    expect(pii.status).toBe(400);
    expect(pii.body.error).toMatchObject({ code: "forbidden_personal_data", field: "source" });
    expect(JSON.stringify(pii.body)).not.toContain("123-45-6789");
    expect(await phoneCount()).toBe(2);
    const consumer = await ApiSession.signIn(service.baseUrl, DEMO_USERS.consumer);
    expect((await consumer.call("GET", "/inventory/skip")).body.error.code).toBe("desk_required");
    expect((await callWithBearer(service.baseUrl, undefined, "GET", "/inventory/skip")).status).toBe(401);
  });

  it("refuses a body over 64 KiB before reading it", async () => {
    const big = { source: "x", phones: Array.from({ length: 900 }, (_, i) => ({ reference: `R-${i}`.padEnd(70, "x"), phone: "4155552671" })) };
    const answer = await desk.call("POST", "/phones/import", big);
    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe("payload_too_large");
  });

  it("records an escalation to a human and answers its id", async () => {
    const answer = await desk.call("POST", "/escalations", {
      reason: "consumer_dispute",
      context: "The consumer says this balance was paid in full last spring.",
      accountReference: "LL-1",
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ escalationId: expect.any(String), status: "open", createdAt: expect.any(String), notice: expect.any(String) });
    const row = await service.service.database.db.selectFrom("escalations").selectAll().where("id", "=", answer.body.escalationId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ desk_id: deskId, reason: "consumer_dispute", account_reference: "LL-1", status: "open" });
  });

  it("refuses an escalation carrying personal data, and stores nothing", async () => {
    const before = (await service.service.database.db.selectFrom("escalations").select("id").execute()).length;
    const answer = await desk.call("POST", "/escalations", { reason: "complaint", context: "Card on file 4111-1111-1111-1111 was charged twice" });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: { code: "forbidden_personal_data", message: expect.any(String), field: "context", requestId: expect.any(String) },
    });
    expect(bodyTextWithoutRequestIds(answer.body)).not.toContain("4111");
    expect((await desk.call("POST", "/escalations", { context: "no reason given" })).body.error).toMatchObject({ code: "invalid_input", field: "reason" });
    expect((await service.service.database.db.selectFrom("escalations").select("id").execute()).length).toBe(before);
  });
});
