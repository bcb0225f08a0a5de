import type { BackOfficeDeps, DeskActor } from "@connector/core/back-office";
import { DESK_AGREEMENT } from "@connector/core/desk-agreement";
import { newId } from "@connector/core/domain";
import { approvePlacementDraft, getDraftForReview, reviewDraft } from "@connector/core/drafts";
import { exportPlacements, placeAccounts, searchPlacements } from "@connector/core/placements";
import { listWorkflowEventsNewestFirst, listWorkflowRuns } from "@connector/core/workflow";
import { describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../src/testing/index.js";
import { createDeskPerson, NOW, useDatabase } from "./support/database-fixture.js";

/**
 * Issue 18: what the place screen and the draft page ask of the stores, on SQLite and PostgreSQL:
 * placements newest first with search, the feed newest first, runs of some accounts, conflicts and
 * the discard rule.
 */
describe.each(TEST_DIALECTS)("the Desk owner's pages, stores on %s", (dialect) => {
  const fixture = useDatabase(dialect, { seed: true });
  let clock = NOW.getTime();
  /** Each act a second after the last, so "newest first" has an order to show. */
  const tick = () => {
    clock += 1000;
    return new Date(clock);
  };
  const deps = (): BackOfficeDeps => ({ stores: fixture.stores, now: tick });
  const owner = (): DeskActor => ({ kind: "desk", deskId: fixture.demo.deskId, userId: newId(), role: "owner", via: "session" });

  it("lists placements newest first and pages on without repeating one", async () => {
    // Spec §5.3 (issue 19): placing needs an owner's acceptance of the Desk agreement.
    const userId = await createDeskPerson(fixture, "owner");
    await fixture.stores.deskAgreements.accept({ userId, deskId: fixture.demo.deskId, version: DESK_AGREEMENT.version, acceptedAt: NOW.toISOString() });
    await placeAccounts(deps(), owner(), { rows: [{ reference: "SEARCH-Old", name: "Ann" }], dryRun: false });
    await placeAccounts(deps(), owner(), { rows: [{ reference: "search-new", name: "Bo" }, { reference: "OTHER_1%", name: "Cy" }], dryRun: false });
    const first = await searchPlacements(deps(), owner(), { limit: 2 });
    expect(first.placements.map((placement) => placement.reference).sort()).toEqual(["OTHER_1%", "search-new"]);
    const second = await searchPlacements(deps(), owner(), { limit: 2, cursor: first.nextCursor! });
    expect(second.placements.map((placement) => placement.reference)).toEqual(["SEARCH-Old", expect.stringMatching(/^HRP-/)]);
    const seen = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await searchPlacements(deps(), owner(), { limit: 50, cursor });
      for (const placement of page.placements) {
        expect(seen.has(placement.accountId)).toBe(false);
        seen.add(placement.accountId);
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(seen.size).toBe(fixture.demo.accountCount + 3);
  });

  it("searches part of a reference in any case, literally, and filters by case status", async () => {
    const found = await searchPlacements(deps(), owner(), { reference: "SEARCH", limit: 10 });
    expect(found.placements.map((placement) => placement.reference)).toEqual(["search-new", "SEARCH-Old"]);
    // `_` and `%` are the text typed, not wildcards.
    expect((await searchPlacements(deps(), owner(), { reference: "r_1%", limit: 10 })).placements.map((p) => p.reference)).toEqual(["OTHER_1%"]);
    expect((await searchPlacements(deps(), owner(), { reference: "R%1", limit: 10 })).placements).toEqual([]);
    const paid = await searchPlacements(deps(), owner(), { status: "paid", limit: 50 });
    expect(paid.placements.length).toBeGreaterThan(0);
    expect(paid.placements.every((placement) => placement.caseStatus === "paid")).toBe(true);
    await expect(searchPlacements(deps(), owner(), { status: "sent", limit: 5 })).rejects.toMatchObject({ code: "invalid_input" });
    // Another Desk's search never finds this Desk's accounts.
    const other: DeskActor = { ...owner(), deskId: fixture.demo.otherDeskId };
    expect((await searchPlacements(deps(), other, { reference: "SEARCH", limit: 10 })).placements).toEqual([]);
    const exported: string[] = [];
    for await (const page of exportPlacements(deps(), owner(), { reference: "search" })) exported.push(...page.map((placement) => placement.reference));
    expect(exported).toEqual(["search-new", "SEARCH-Old"]);
  });

  /** A signed-up owner (the agreement's acceptance names a real user). */
  const signedUpOwner = async (): Promise<DeskActor> => ({ ...owner(), userId: await createDeskPerson(fixture, "owner") });

  it("names a draft's conflicts before approval, approves the rest when they are left out, and lists those accounts and runs", async () => {
    const actor = await signedUpOwner();
    const userId = actor.userId!;
    const draftId = newId();
    await fixture.stores.transaction(async (stores) => {
      await stores.placementDrafts.create({
        draftId,
        deskId: actor.deskId,
        userId,
        grantId: newId(),
        title: "Conflicts",
        accounts: [
          { reference: "SEARCH-Old", name: "Ann", amount: 5, currency: "USD" },
          { reference: "FRESH-1", name: "Di", amount: 5, currency: "USD" },
          { reference: "TWICE", name: "Ed", amount: 5, currency: "USD" },
          { reference: "TWICE", name: "Fy", amount: 5, currency: "USD" },
        ],
        createdAt: NOW.toISOString(),
      });
    });
    await fixture.stores.deskAgreements.accept({ userId, deskId: actor.deskId, version: DESK_AGREEMENT.version, acceptedAt: NOW.toISOString() });
    const review = await getDraftForReview(deps(), actor, draftId);
    expect(review.conflicts).toEqual([
      { reference: "SEARCH-Old", reason: "already_placed" },
      { reference: "TWICE", reason: "repeated" },
    ]);
    expect(review.mayDiscard).toBe(true);
    await expect(approvePlacementDraft(deps(), actor, draftId, { leaveOut: ["TWICE"] })).rejects.toMatchObject({ code: "reference_conflict" });
    await expect(approvePlacementDraft(deps(), actor, draftId)).rejects.toMatchObject({ code: "reference_conflict" });
    const approved = await approvePlacementDraft(deps(), actor, draftId, { leaveOut: ["TWICE", "SEARCH-Old"] });
    expect(approved.accounts.map((account) => account.reference)).toEqual(["FRESH-1"]);
    const after = await getDraftForReview(deps(), actor, draftId);
    expect([after.conflicts, after.mayDiscard, after.placed.map((account) => account.reference)]).toEqual([[], false, ["FRESH-1"]]);
    const ofDraft = await searchPlacements(deps(), actor, { draftId, limit: 100 });
    expect(ofDraft.placements.map((placement) => placement.reference)).toEqual(["FRESH-1"]);
    const runs = await listWorkflowRuns(deps(), actor, { limit: 10, accountIds: ofDraft.placements.map((placement) => placement.accountId) });
    expect(runs.runs.every((run) => run.accountId === ofDraft.placements[0]!.accountId)).toBe(true);
    expect((await listWorkflowRuns(deps(), actor, { limit: 10, accountIds: [] })).runs).toEqual([]);
  });

  it("lets a member discard only what their own connection saved, and a desk key nothing", async () => {
    const deskId = fixture.demo.deskId;
    const member = (userId: string): DeskActor => ({ kind: "desk", deskId, userId, role: "member", via: "session" });
    const saver = newId();
    const draftId = newId();
    await fixture.stores.placementDrafts.create({
      draftId,
      deskId,
      userId: saver,
      grantId: newId(),
      title: "A member's draft",
      accounts: [{ reference: "MEMBER-DISCARD", name: "Gus", amount: 5, currency: "USD" }],
      createdAt: NOW.toISOString(),
    });
    const key: DeskActor = { kind: "desk", deskId, userId: null, role: null, via: "desk_key", keyId: newId() };
    await expect(reviewDraft(deps(), key, draftId, "discarded")).rejects.toMatchObject({ code: "owner_required" });
    await expect(reviewDraft(deps(), member(newId()), draftId, "discarded")).rejects.toMatchObject({ code: "owner_required" });
    expect((await getDraftForReview(deps(), member(newId()), draftId)).mayDiscard).toBe(false);
    expect((await reviewDraft(deps(), member(saver), draftId, "discarded")).draft.reviewStatus).toBe("discarded");
  });

  it("lists a person's decided drafts only, when asked, so the owner sees each draft once", async () => {
    const deskId = fixture.demo.deskId;
    const userId = newId();
    const open = newId();
    const decided = newId();
    for (const [draftId, title] of [[open, "Open one"], [decided, "Decided one"]] as const) {
      await fixture.stores.placementDrafts.create({
        draftId,
        deskId,
        userId,
        grantId: newId(),
        title,
        accounts: [{ reference: `ONCE-${title}`, name: "Hal", amount: 5, currency: "USD" }],
        createdAt: NOW.toISOString(),
      });
    }
    await fixture.stores.draftReviews.setPlacementDraftStatus(decided, "discarded", NOW.toISOString());
    const all = await fixture.stores.draftReviews.pagePlacementDraftsOfUser(deskId, userId, { limit: 10 });
    expect(all.drafts.map((draft) => draft.title).sort()).toEqual(["Decided one", "Open one"]);
    const closed = await fixture.stores.draftReviews.pagePlacementDraftsOfUser(deskId, userId, { limit: 10, closedOnly: true });
    expect(closed.drafts.map((draft) => draft.title)).toEqual(["Decided one"]);
  });

  it("reads the workflow feed newest first, page after page", async () => {
    const all = await listWorkflowEventsNewestFirst(deps(), owner(), { limit: 1000 });
    expect(all.events.length).toBeGreaterThan(1);
    const first = await listWorkflowEventsNewestFirst(deps(), owner(), { limit: 1 });
    expect(first.events[0]!.eventId).toBe(all.events[0]!.eventId);
    const second = await listWorkflowEventsNewestFirst(deps(), owner(), { limit: 1, cursor: first.nextCursor! });
    expect(second.events[0]!.eventId).toBe(all.events[1]!.eventId);
    expect(all.events[0]!.createdAt >= all.events[all.events.length - 1]!.createdAt).toBe(true);
    await expect(listWorkflowEventsNewestFirst(deps(), owner(), { limit: 1, cursor: newId() })).rejects.toMatchObject({ code: "invalid_input" });
  });
});
