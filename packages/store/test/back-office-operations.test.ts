import type { BackOfficeDeps, DeskActor } from "@connector/core/back-office";
import { acceptDeskAgreement, DESK_AGREEMENT } from "@connector/core/desk-agreement";
import { newId } from "@connector/core/domain";
import { approvePlacementDraft, copyConsumerRequest, getDraftDetail, reviewDraft } from "@connector/core/drafts";
import { placeAccounts } from "@connector/core/placements";
import { cancelWorkflowRun, executeWorkflowRun } from "@connector/core/workflow";
import { describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../src/testing/index.js";
import { createDeskPerson, NOW, useDatabase } from "./support/database-fixture.js";

const ITEMS = [
  { reference: "APR-1", name: "Ada Placement", amount: 1234.56, currency: "USD", creditor: "Acme Card Services" },
  { reference: "APR-2", name: "Bo Placement", amount: 99, currency: "USD" },
];

describe.each(TEST_DIALECTS)("back-office operations on %s", (dialect) => {
  const fixture = useDatabase(dialect, { seed: true });
  const deps = (): BackOfficeDeps => ({ stores: fixture.stores, now: () => NOW });

  async function person(role: "owner" | "member"): Promise<DeskActor & { userId: string }> {
    const userId = await createDeskPerson(fixture, role);
    return { kind: "desk", deskId: fixture.demo.deskId, userId, role, via: "session" };
  }

  async function saveDraft(accounts = ITEMS) {
    const draftId = newId();
    await fixture.stores.placementDrafts.create({
      draftId,
      deskId: fixture.demo.deskId,
      userId: newId(),
      grantId: newId(),
      title: "Review me",
      accounts,
      createdAt: NOW.toISOString(),
    });
    return draftId;
  }

  const accountsOfDesk = async () =>
    Number(
      (
        await fixture.database.db
          .selectFrom("accounts")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("desk_id", "=", fixture.demo.deskId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("places nothing, dry run or not, until an owner of the Desk has accepted the current agreement (§5.3)", async () => {
    const member = await person("member");
    const rows = [{ reference: "AGR-1", name: "Agreement first", amount: 5 }];
    for (const dryRun of [true, false]) {
      await expect(placeAccounts(deps(), member, { dryRun, rows })).rejects.toMatchObject({ code: "agreement_required", status: 403 });
    }
    const owner = await person("owner");
    await acceptDeskAgreement(deps(), owner, { version: DESK_AGREEMENT.version });
    expect((await placeAccounts(deps(), member, { dryRun: true, rows })).placements).toHaveLength(1);
    // The acceptance counts while its person owns the Desk: a demoted owner's no longer does.
    const setRole = (role: string) =>
      fixture.database.db.withTables<{ users: any }>().updateTable("users").set({ desk_role: role }).where("id", "=", owner.userId).execute();
    await setRole("member");
    await expect(placeAccounts(deps(), member, { dryRun: true, rows })).rejects.toMatchObject({ code: "agreement_required" });
    await setRole("owner");
  });

  it("refuses approval before the owner accepts the agreement, approves after, and a second approval changes nothing", async () => {
    const owner = await person("owner");
    const draftId = await saveDraft();
    const before = await accountsOfDesk();
    await expect(approvePlacementDraft(deps(), owner, draftId)).rejects.toMatchObject({ code: "agreement_required", status: 403 });
    expect(await accountsOfDesk()).toBe(before);

    await expect(acceptDeskAgreement(deps(), owner, { version: "1999-01-01" })).rejects.toMatchObject({
      code: "agreement_version_mismatch",
    });
    const accepted = await acceptDeskAgreement(deps(), owner, { version: DESK_AGREEMENT.version });
    expect(accepted.acceptance).toEqual({ version: DESK_AGREEMENT.version, acceptedAt: NOW.toISOString() });

    const approved = await approvePlacementDraft(deps(), owner, draftId);
    expect(approved.draft.reviewStatus).toBe("approved");
    expect(approved.accounts.map((account) => account.reference).sort()).toEqual(["APR-1", "APR-2"]);
    expect(approved.workflowRunIds).toHaveLength(2);
    expect(approved.notice).toMatch(/does not mean sent/);
    expect(await accountsOfDesk()).toBe(before + 2);

    const again = await approvePlacementDraft(deps(), owner, draftId);
    expect(again.alreadyApproved).toBe(true);
    expect(again.workflowRunIds).toEqual([]);
    expect(again.accounts).toEqual(approved.accounts);
    expect(await accountsOfDesk()).toBe(before + 2);

    const detail = await getDraftDetail(deps(), owner, draftId);
    expect(detail.history.map((entry) => entry.action)).toEqual(["created", "approved"]);
    expect(detail.history[0]).toMatchObject({ via: "connection" });
    expect(detail.history[1]).toMatchObject({ via: "session", userId: owner.userId });
  });

  it("lets members review but not approve, and refuses a draft whose references are already placed, reporting each", async () => {
    const owner = await person("owner");
    const member = await person("member");
    await acceptDeskAgreement(deps(), owner, { version: DESK_AGREEMENT.version });
    const draftId = await saveDraft([
      { reference: "HRP-000001", name: "Taken One", amount: 10, currency: "USD" },
      { reference: "NEW-1", name: "Fresh", amount: 10, currency: "USD" },
      { reference: "HRP-000002", name: "Taken Two", amount: 10, currency: "USD" },
    ]);
    await expect(approvePlacementDraft(deps(), member, draftId)).rejects.toMatchObject({ code: "owner_required" });
    const reviewed = await reviewDraft(deps(), member, draftId, "reviewed");
    expect(reviewed.draft.reviewStatus).toBe("reviewed");
    const before = await accountsOfDesk();
    const refusal = await approvePlacementDraft(deps(), owner, draftId).catch((error) => error);
    expect(refusal).toMatchObject({ code: "reference_conflict", status: 409 });
    expect(refusal.details.map((detail: any) => detail.row)).toEqual([1, 3]);
    expect(await accountsOfDesk()).toBe(before);
    // A member discards only what their own agent saved (issue 18); this draft is someone else's.
    await expect(reviewDraft(deps(), member, draftId, "discarded")).rejects.toMatchObject({ code: "owner_required" });
    await reviewDraft(deps(), owner, draftId, "discarded");
    await expect(approvePlacementDraft(deps(), owner, draftId)).rejects.toMatchObject({ code: "draft_closed" });
  });

  it("places a batch all or nothing, reports every bad row, and dryRun saves nothing", async () => {
    await acceptDeskAgreement(deps(), await person("owner"), { version: DESK_AGREEMENT.version });
    const owner = await person("member");
    const before = await accountsOfDesk();
    const bad = await placeAccounts(deps(), owner, {
      dryRun: false,
      rows: [
        { reference: "B-1", name: "Good", amount: "$1,200.50" },
        { reference: "B-2", name: "Bad amount", amount: "twelve" },
        { reference: "B-1", name: "Repeat", amount: 5 },
        { reference: "HRP-000003", name: "Placed before", amount: null },
      ],
    }).catch((error) => error);
    expect(bad).toMatchObject({ code: "invalid_amount", field: "accounts.1.amount" });
    expect(bad.details.map((detail: any) => [detail.row, detail.code])).toEqual([
      [2, "invalid_amount"],
      [3, "duplicate_reference"],
      [4, "reference_conflict"],
    ]);
    const rows = [
      { reference: "B-1", name: "Good", amount: "$1,200.50" },
      { reference: "B-2", name: "Blank", amount: " " },
      { reference: "B-3", name: "Zero", amount: 0 },
    ];
    const dry = await placeAccounts(deps(), owner, { dryRun: true, rows });
    expect(dry.placements.map((row) => row.amount)).toEqual([1200.5, null, 0]);
    expect(await accountsOfDesk()).toBe(before);
    const saved = await placeAccounts(deps(), owner, { dryRun: false, rows });
    expect(saved.saved).toBe(true);
    expect(await accountsOfDesk()).toBe(before + 3);
  });

  it("copies a consumer's request draft as full text and records it", async () => {
    const draftId = newId();
    await fixture.stores.consumerRequestDrafts.create({
      draftId,
      consumerId: fixture.demo.consumerId,
      userId: newId(),
      grantId: newId(),
      kind: "documents",
      recipient: "Harbor Recovery Partners",
      reference: "HRP-000123",
      channel: "written",
      createdAt: NOW.toISOString(),
    });
    const consumer = { kind: "consumer" as const, consumerId: fixture.demo.consumerId, userId: newId(), via: "session" as const };
    const copy = await copyConsumerRequest(deps(), consumer, draftId);
    expect(copy.text).toContain("HRP-000123");
    expect(copy.notice).toMatch(/has not sent it/);
    const detail = await getDraftDetail(deps(), consumer, draftId);
    expect(detail.history.map((entry) => entry.action)).toEqual(["created", "copied"]);
  });

  it("cancels a queued run, which no worker then takes", async () => {
    const owner = await person("member");
    const saved = await placeAccounts(deps(), owner, { dryRun: false, rows: [{ reference: "WF-C", name: "Cancel me", amount: 5 }] });
    if (!saved.saved) throw new Error("not saved");
    const [runId] = saved.workflowRunIds;
    const cancelled = await cancelWorkflowRun(deps(), owner, runId!);
    expect(cancelled.run.status).toBe("cancelled");
    await expect(cancelWorkflowRun(deps(), owner, runId!)).rejects.toMatchObject({ code: "run_not_cancellable" });
    expect(await executeWorkflowRun({ stores: fixture.stores, workerId: "late", leaseMs: 1000 }, runId!)).toBe("finished_before");
  });

  it("resumes an interrupted run after its last recorded step, and two claims never both win", async () => {
    const owner = await person("member");
    const saved = await placeAccounts(deps(), owner, { dryRun: false, rows: [{ reference: "WF-1", name: "Run me", amount: null }] });
    if (!saved.saved) throw new Error("not saved");
    const [runId] = saved.workflowRunIds;
    const later = new Date(NOW.getTime() + 60_000).toISOString();
    // A worker that crashed after its first step: the lease is taken, one step recorded.
    const first = await fixture.stores.workflows.claim(runId!, "crashed", NOW.toISOString(), new Date(NOW.getTime() + 1000).toISOString());
    expect(first.kind).toBe("claimed");
    expect((await fixture.stores.workflows.claim(runId!, "other", NOW.toISOString(), later)).kind).toBe("busy");
    await fixture.stores.workflows.appendEvent({
      runId: runId!,
      deskId: fixture.demo.deskId,
      accountId: saved.placements[0]!.accountId,
      kind: "step_completed",
      step: "check_account_data",
      at: NOW.toISOString(),
    });
    const afterLease = () => new Date(NOW.getTime() + 5_000);
    const outcome = await executeWorkflowRun({ stores: fixture.stores, workerId: "restarted", leaseMs: 30_000, now: afterLease }, runId!);
    expect(outcome).toBe("succeeded");
    const events = await fixture.stores.workflows.listEvents(fixture.demo.deskId, { limit: 100 });
    const ofRun = events.events.filter((event) => event.runId === runId);
    expect(ofRun.filter((event) => event.kind === "step_completed").map((event) => event.step)).toEqual([
      "check_account_data",
      "record_intake",
    ]);
    expect(ofRun.at(-1)?.kind).toBe("run_succeeded");
    const intake = await fixture.database.db
      .selectFrom("accounts")
      .select("intake_status")
      .where("id", "=", saved.placements[0]!.accountId)
      .executeTakeFirstOrThrow();
    expect(intake.intake_status).toBe("balance_missing");
  });
});
