import type { BackOfficeDeps, ConsumerActor, DeskActor } from "@connector/core/back-office";
import { newId } from "@connector/core/domain";
import {
  getDraftCreator,
  getDraftDetail,
  getDraftForReview,
  listDeskDraftsAwaitingDecision,
  listMyDrafts,
  MY_DRAFTS_PAGE,
} from "@connector/core/drafts";
import { createRequestDraftByForm, getApprovedOffer, listApprovedOffers } from "@connector/core/resolve";
import { describe, expect, it } from "vitest";
import { bufferedActivityRecorder, createAuthStores, DEMO_ACTIVE_OFFER_TERMS } from "../src/index.js";
import { TEST_DIALECTS } from "../src/testing/index.js";
import { NOW, useDatabase } from "./support/database-fixture.js";

const ITEM = { reference: "MINE-1", name: "Ada Placement", amount: 10, currency: "USD" };

describe.each(TEST_DIALECTS)("the people's pages operations on %s", (dialect) => {
  const fixture = useDatabase(dialect, { seed: true });
  const deps = (): BackOfficeDeps => ({ stores: fixture.stores, now: () => NOW });
  const consumer = (): ConsumerActor => ({ kind: "consumer", consumerId: fixture.demo.consumerId, userId: newId(), via: "session" });

  it("keeps each connection's newest calls, newest first, and shows them once flushed or read", async () => {
    const recorder = bufferedActivityRecorder(fixture.stores.connectionActivity, { flushMs: 60_000, keep: 3 });
    const grantId = newId();
    const other = newId();
    for (let call = 1; call <= 5; call += 1) {
      recorder.record({ grantId, tool: `tool_${call}`, at: new Date(NOW.getTime() + call).toISOString(), result: "ok" });
    }
    recorder.record({ grantId: other, tool: "list_accounts", at: NOW.toISOString(), result: "insufficient_scope" });
    // Reading through the recorder writes what it holds first.
    const trail = await recorder.listByGrant(grantId, 50);
    expect(trail.map((entry) => entry.tool)).toEqual(["tool_5", "tool_4", "tool_3"]);
    expect(trail[0]).toEqual({ tool: "tool_5", result: "ok", at: new Date(NOW.getTime() + 5).toISOString() });
    expect(await fixture.stores.connectionActivity.listByGrant(other, 50)).toEqual([
      { tool: "list_accounts", result: "insufficient_scope", at: NOW.toISOString() },
    ]);
  });

  it("writes only each connection's newest calls of a batch, not rows it would delete at once", async () => {
    const written: string[] = [];
    const recorder = bufferedActivityRecorder(
      { append: async (entries) => void written.push(...entries.map((entry) => `${entry.grantId}:${entry.tool}`)), listByGrant: async () => [] },
      { flushMs: 60_000, keep: 2 },
    );
    for (const tool of ["a1", "a2", "a3", "a4"]) recorder.record({ grantId: "a", tool, at: NOW.toISOString(), result: "ok" });
    recorder.record({ grantId: "b", tool: "b1", at: NOW.toISOString(), result: "ok" });
    recorder.record({ grantId: "a", tool: "a5", at: NOW.toISOString(), result: "ok" });
    await recorder.flush();
    expect(written).toEqual(["a:a4", "b:b1", "a:a5"]);
  });

  it("keeps entries it could not write and writes them at the next flush", async () => {
    let failing = true;
    const written: string[] = [];
    const recorder = bufferedActivityRecorder(
      {
        append: async (entries) => {
          if (failing) throw new Error("database away");
          written.push(...entries.map((entry) => entry.tool));
        },
        listByGrant: async () => [],
      },
      { flushMs: 60_000 },
    );
    recorder.record({ grantId: "g", tool: "first", at: NOW.toISOString(), result: "ok" });
    await recorder.flush();
    expect(written).toEqual([]);
    failing = false;
    recorder.record({ grantId: "g", tool: "second", at: NOW.toISOString(), result: "ok" });
    await recorder.flush();
    expect(written).toEqual(["first", "second"]);
  });

  it("pages a desk person's own connections' drafts newest first, not a colleague's", async () => {
    const userId = newId();
    const actor: DeskActor = { kind: "desk", deskId: fixture.demo.deskId, userId, role: "member", via: "session" };
    const saved: string[] = [];
    for (let index = 0; index < MY_DRAFTS_PAGE + 2; index += 1) {
      const draftId = newId(NOW.getTime() + index);
      saved.push(draftId);
      await fixture.stores.placementDrafts.create({
        draftId,
        deskId: fixture.demo.deskId,
        userId,
        grantId: newId(),
        title: `Draft ${index}`,
        accounts: [ITEM],
        // Two drafts share each instant: the id breaks the tie.
        createdAt: new Date(NOW.getTime() + Math.floor(index / 2)).toISOString(),
      });
    }
    await fixture.stores.placementDrafts.create({
      draftId: newId(),
      deskId: fixture.demo.deskId,
      userId: newId(),
      grantId: newId(),
      title: "A colleague's",
      accounts: [ITEM],
      createdAt: NOW.toISOString(),
    });
    const first = await listMyDrafts(deps(), actor);
    expect(first.drafts).toHaveLength(MY_DRAFTS_PAGE);
    expect(first.nextCursor).not.toBeNull();
    const second = await listMyDrafts(deps(), actor, { cursor: first.nextCursor ?? undefined });
    expect(second.nextCursor).toBeNull();
    expect([...first.drafts, ...second.drafts].map((draft) => draft.draftId)).toEqual([...saved].reverse());
    expect(first.notice).toContain("does not mean sent");
    await expect(listMyDrafts(deps(), actor, { cursor: "not-a-cursor" })).rejects.toMatchObject({ code: "invalid_input" });
  });

  it("gives the Desk's owner every open draft of the Desk, members' too, but not closed ones; a member is refused", async () => {
    const deskId = fixture.demo.deskId;
    const member = newId();
    const save = async (title: string, offset: number) => {
      const draftId = newId(NOW.getTime() + offset);
      await fixture.stores.placementDrafts.create({
        draftId,
        deskId,
        userId: member,
        grantId: newId(),
        title,
        accounts: [ITEM],
        createdAt: new Date(NOW.getTime() + offset).toISOString(),
      });
      return draftId;
    };
    const open = [];
    for (let index = 0; index < MY_DRAFTS_PAGE + 1; index += 1) open.push(await save(`Member draft ${index}`, 1_000 + index));
    const reviewed = await save("Reviewed by the member", 2_000);
    await fixture.stores.draftReviews.setPlacementDraftStatus(reviewed, "reviewed", NOW.toISOString());
    const approved = await save("Already approved", 2_001);
    await fixture.stores.draftReviews.setPlacementDraftStatus(approved, "approved", NOW.toISOString());
    const discarded = await save("Discarded", 2_002);
    await fixture.stores.draftReviews.setPlacementDraftStatus(discarded, "discarded", NOW.toISOString());

    const owner: DeskActor = { kind: "desk", deskId, userId: newId(), role: "owner", via: "session" };
    const first = await listDeskDraftsAwaitingDecision(deps(), owner);
    expect(first.drafts).toHaveLength(MY_DRAFTS_PAGE);
    const second = await listDeskDraftsAwaitingDecision(deps(), owner, { cursor: first.nextCursor ?? undefined });
    const ids = [...first.drafts, ...second.drafts].map((draft) => draft.draftId);
    expect(ids.slice(0, 1)).toEqual([reviewed]);
    expect(ids).toEqual(expect.arrayContaining(open));
    expect(ids).not.toContain(approved);
    expect(ids).not.toContain(discarded);
    // The owner's own connections have none of them.
    expect((await listMyDrafts(deps(), owner)).drafts).toEqual([]);
    const asMember: DeskActor = { ...owner, userId: member, role: "member" };
    await expect(listDeskDraftsAwaitingDecision(deps(), asMember)).rejects.toMatchObject({ code: "owner_required" });
  });

  it("saves a consumer's request draft by form with the tool's rules, once per form key, with its history", async () => {
    const actor = consumer();
    const input = { kind: "documents", recipient: "Harbor Recovery", channel: "written", idempotencyKey: newId() };
    const saved = await createRequestDraftByForm(deps(), actor, input);
    const again = await createRequestDraftByForm(deps(), actor, input);
    expect(again.draft.draftId).toBe(saved.draft.draftId);
    expect(saved.notice).toContain("Nothing was sent");
    await expect(createRequestDraftByForm(deps(), actor, { ...input, recipient: "Someone else" })).rejects.toMatchObject({
      code: "idempotency_conflict",
    });
    await expect(
      createRequestDraftByForm(deps(), actor, { ...input, idempotencyKey: newId(), recipient: "SSN 123-45-6789" }),
    ).rejects.toMatchObject({ code: "forbidden_personal_data" });
    await expect(createRequestDraftByForm(deps(), actor, { ...input, kind: "settle" })).rejects.toMatchObject({ code: "invalid_input" });
    const detail = await getDraftDetail(deps(), actor, saved.draft.draftId);
    expect(detail.history).toEqual([expect.objectContaining({ action: "created", via: "session", grantId: null, userId: actor.userId })]);
    const mine = await listMyDrafts(deps(), actor);
    expect(mine.drafts.map((draft) => draft.draftId)).toContain(saved.draft.draftId);
    const desk: DeskActor = { kind: "desk", deskId: fixture.demo.deskId, userId: newId(), role: "owner", via: "session" };
    await expect(createRequestDraftByForm(deps(), desk, input)).rejects.toMatchObject({ code: "consumer_required" });
  });

  it("names who saved each draft: the connection's app (even once revoked), or the person on their page", async () => {
    const auth = createAuthStores(fixture.database);
    const userId = newId();
    await auth.users.create({
      userId,
      email: `${userId}@consumer.test`,
      passwordHash: "not-a-real-hash",
      displayName: "Consumer",
      deskId: null,
      deskRole: null,
      consumerId: fixture.demo.consumerId,
      createdAt: NOW.toISOString(),
    });
    const clientId = newId();
    await auth.clients.create({ clientId, clientName: "Pocket Assistant", redirectUris: ["https://agent.test/cb"], createdAt: NOW.toISOString() });
    const grantId = newId();
    await auth.grants.create({
      grantId,
      clientId,
      userId,
      workspace: "resolve",
      scopes: ["resolve:drafts"],
      resource: "https://connector.test/mcp/resolve",
      createdAt: NOW.toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    });
    const byAgent = newId();
    await fixture.stores.consumerRequestDrafts.create({
      draftId: byAgent,
      consumerId: fixture.demo.consumerId,
      userId,
      grantId,
      kind: "contact_preference",
      recipient: "Harbor Recovery Partners",
      channel: "mail",
      createdAt: NOW.toISOString(),
    });
    const actor: ConsumerActor = { kind: "consumer", consumerId: fixture.demo.consumerId, userId, via: "session" };
    const byPage = await createRequestDraftByForm(deps(), actor, { kind: "documents", recipient: "Harbor", idempotencyKey: newId() });
    await auth.grants.revoke(grantId, NOW.toISOString(), "user");

    const mine = await listMyDrafts(deps(), actor);
    expect(mine.savedBy[byAgent]).toMatchObject({ via: "connection", grantId, userId, connectionName: "Pocket Assistant" });
    expect(mine.savedBy[byPage.draft.draftId]).toMatchObject({ via: "session", grantId: null, connectionName: null });
    expect(await getDraftCreator(deps(), actor, byAgent)).toMatchObject({ connectionName: "Pocket Assistant" });
    expect(await fixture.stores.draftHistory.creators([])).toEqual([]);
    // The people in a draft's history, by the name they go by, once each (issue 48 item 9: the CSV says who).
    expect(await fixture.stores.draftHistory.people(byAgent)).toEqual([{ userId, displayName: "Consumer" }]);
    expect((await getDraftForReview(deps(), actor, byPage.draft.draftId)).people).toEqual({ [userId]: "Consumer" });
    expect(await fixture.stores.draftHistory.people(newId())).toEqual([]);
    // Another consumer's draft is not found, whoever saved it.
    await expect(getDraftCreator(deps(), consumer(), newId())).rejects.toMatchObject({ code: "not_found" });
  });

  it("lists the consumer's approved offers verbatim and opens each by id; another consumer finds none", async () => {
    const actor = consumer();
    const { offers } = await listApprovedOffers(deps(), actor);
    expect(offers.map((offer) => offer.accountReference)).toEqual([fixture.demo.activeOfferReference]);
    expect(offers[0]?.terms).toBe(DEMO_ACTIVE_OFFER_TERMS);
    const opened = await getApprovedOffer(deps(), actor, offers[0]!.offerId);
    expect(opened.offer).toEqual(offers[0]);
    expect(opened.notice).toContain("does not negotiate, change or accept");

    const stranger = newId();
    await fixture.database.db.insertInto("consumers").values({ id: stranger, display_name: "Stranger", created_at: NOW.toISOString() }).execute();
    const other: ConsumerActor = { kind: "consumer", consumerId: stranger, userId: newId(), via: "session" };
    expect((await listApprovedOffers(deps(), other)).offers).toEqual([]);
    await expect(getApprovedOffer(deps(), other, offers[0]!.offerId)).rejects.toMatchObject({ code: "not_found" });
    // Expired offers are not read, by id either.
    const later = { stores: fixture.stores, now: () => new Date(NOW.getTime() + 31 * 86_400_000) };
    await expect(getApprovedOffer(later, actor, offers[0]!.offerId)).rejects.toMatchObject({ code: "not_found" });
  });
});
