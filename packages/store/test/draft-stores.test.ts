import { newId } from "@connector/core/domain";
import type { PlacementAccountItem } from "@connector/core/schemas";
import { describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../src/testing/index.js";
import { NOW, useDatabase } from "./support/database-fixture.js";

const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();

const ITEMS: PlacementAccountItem[] = [
  { reference: "CR-1001", name: "Ada Placement", amount: 1234.56, currency: "USD", creditor: "Acme Card Services" },
  { reference: "CR-1002", name: "Bo Placement", amount: 99, currency: "EUR" },
];

describe.each(TEST_DIALECTS)("draft stores on %s", (dialect) => {
  const fixture = useDatabase(dialect, { seed: true });

  describe("placement drafts", () => {
    const grantA = newId();
    const grantB = newId();
    const userId = newId();

    it("creates a draft awaiting review and keeps the validated items verbatim", async () => {
      const draftId = newId();
      const view = await fixture.stores.placementDrafts.create({
        draftId,
        deskId: fixture.demo.deskId,
        userId,
        grantId: grantA,
        title: "March placements",
        accounts: ITEMS,
        createdAt: at(0),
      });
      expect(view).toEqual({
        draftId,
        kind: "placement",
        title: "March placements",
        accountCount: 2,
        reviewStatus: "awaiting_review",
        createdAt: at(0),
        updatedAt: at(0),
      });
      const row = await fixture.database.db
        .selectFrom("placement_drafts")
        .selectAll()
        .where("id", "=", draftId)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.accounts_json)).toEqual(ITEMS);
      expect(await fixture.stores.placementDrafts.findByGrant(grantA, draftId)).toEqual(view);
    });

    it("lists only this grant's drafts, newest first, up to the limit", async () => {
      for (let i = 1; i <= 4; i++) {
        await fixture.stores.placementDrafts.create({
          draftId: newId(),
          deskId: fixture.demo.deskId,
          userId,
          grantId: grantA,
          title: `Batch ${i}`,
          accounts: ITEMS.slice(0, 1),
          createdAt: at(i * 10),
        });
      }
      const other = await fixture.stores.placementDrafts.create({
        draftId: newId(),
        deskId: fixture.demo.deskId,
        userId,
        grantId: grantB,
        title: "Other connection",
        accounts: ITEMS,
        createdAt: at(100),
      });

      const listed = await fixture.stores.placementDrafts.listByGrant(grantA, 50);
      expect(listed.map((draft) => draft.title)).toEqual(["Batch 4", "Batch 3", "Batch 2", "Batch 1", "March placements"]);
      expect((await fixture.stores.placementDrafts.listByGrant(grantA, 2)).map((d) => d.title)).toEqual(["Batch 4", "Batch 3"]);
      expect(await fixture.stores.placementDrafts.listByGrant(grantB, 50)).toEqual([other]);
      // Another connection's draft reads as absent, even for the same user and desk.
      expect(await fixture.stores.placementDrafts.findByGrant(grantA, other.draftId)).toBeUndefined();
      expect(await fixture.stores.placementDrafts.listByGrant(newId(), 50)).toEqual([]);
    });
  });

  describe("consumer request drafts", () => {
    const grantA = newId();
    const grantB = newId();

    it("lists every draft of the consumer whichever grant saved it, never another consumer's", async () => {
      const { db } = fixture.database;
      const otherConsumerId = newId();
      await db.insertInto("consumers").values({ id: otherConsumerId, display_name: "Sam Other", created_at: at(0) }).execute();

      const first = await fixture.stores.consumerRequestDrafts.create({
        draftId: newId(),
        consumerId: fixture.demo.consumerId,
        userId: newId(),
        grantId: grantA,
        kind: "documents",
        recipient: "Harbor Recovery Partners",
        reference: "HRP-000123",
        channel: "written",
        createdAt: at(1),
      });
      const second = await fixture.stores.consumerRequestDrafts.create({
        draftId: newId(),
        consumerId: fixture.demo.consumerId,
        userId: newId(),
        grantId: grantB,
        kind: "contact_preference",
        recipient: "Harbor Recovery Partners",
        channel: "service",
        createdAt: at(2),
      });
      const foreign = await fixture.stores.consumerRequestDrafts.create({
        draftId: newId(),
        consumerId: otherConsumerId,
        userId: newId(),
        grantId: grantA,
        kind: "documents",
        recipient: "Someone Else",
        channel: "mail",
        createdAt: at(3),
      });

      expect(first).toMatchObject({ kind: "consumer_request", requestKind: "documents", reference: "HRP-000123" });
      expect(second.reference).toBeNull();
      expect(second.reviewStatus).toBe("awaiting_review");

      expect(await fixture.stores.consumerRequestDrafts.listByConsumer(fixture.demo.consumerId, 50)).toEqual([second, first]);
      expect(await fixture.stores.consumerRequestDrafts.listByConsumer(fixture.demo.consumerId, 1)).toEqual([second]);
      expect(await fixture.stores.consumerRequestDrafts.listByConsumer(otherConsumerId, 50)).toEqual([foreign]);

      expect(await fixture.stores.consumerRequestDrafts.findByGrant(grantA, first.draftId)).toEqual(first);
      expect(await fixture.stores.consumerRequestDrafts.findByGrant(grantA, second.draftId)).toBeUndefined();
      expect(await fixture.stores.consumerRequestDrafts.findByGrant(grantB, second.draftId)).toEqual(second);

      // What a connection lists: the drafts its grant saved, newest first (the foreign one is grant A's too, in its own consumer).
      expect(await fixture.stores.consumerRequestDrafts.listByGrant(grantB, 50)).toEqual([second]);
      expect(await fixture.stores.consumerRequestDrafts.listByGrant(grantA, 1)).toEqual([foreign]);
      expect(await fixture.stores.consumerRequestDrafts.listByGrant(newId(), 50)).toEqual([]);
    });
  });
});
