import { newId, type PlacementDraftView } from "@connector/core/domain";
import type { IdempotencyScope } from "@connector/core/ports";
import { describe, expect, it } from "vitest";
import { createStores } from "../src/index.js";
import { TEST_DIALECTS } from "../src/testing/index.js";
import { NOW, isoDaysFromNow, useDatabase } from "./support/database-fixture.js";

const scopeOf = (key: string, userId = "0190a000-0000-7000-8000-0000000000a1"): IdempotencyScope => ({
  userId,
  workspace: "desk",
  key,
});

describe.each(TEST_DIALECTS)("idempotency and transactions on %s", (dialect) => {
  const fixture = useDatabase(dialect, { seed: true });
  const now = NOW.toISOString();
  const expires = isoDaysFromNow(1);

  it("claims a new key, then replays the stored response and the original hash", async () => {
    const { idempotency } = fixture.stores;
    const scope = scopeOf("first-key-0000000001");
    expect(await idempotency.claim(scope, "hash-a", now, expires)).toEqual({ kind: "claimed" });
    await idempotency.complete(scope, { draftId: "d-1", nested: { n: 1 } });

    expect(await idempotency.claim(scope, "hash-a", now, expires)).toEqual({
      kind: "replay",
      requestHash: "hash-a",
      response: { draftId: "d-1", nested: { n: 1 } },
    });
    // Changed content with the same key: the caller sees the original hash and answers 409.
    expect(await idempotency.claim(scope, "hash-b", now, expires)).toMatchObject({ kind: "replay", requestHash: "hash-a" });
  });

  it("scopes keys by user and workspace", async () => {
    const { idempotency } = fixture.stores;
    const key = "shared-key-00000000001";
    expect(await idempotency.claim(scopeOf(key), "h", now, expires)).toEqual({ kind: "claimed" });
    expect(await idempotency.claim(scopeOf(key, newId()), "h", now, expires)).toEqual({ kind: "claimed" });
    expect(await idempotency.claim({ ...scopeOf(key), workspace: "resolve" }, "h", now, expires)).toEqual({ kind: "claimed" });
  });

  it("replaces an expired record: new hash, no response, new times", async () => {
    const { idempotency } = fixture.stores;
    const scope = scopeOf("expiring-key-0000001");
    await idempotency.claim(scope, "old-hash", now, isoDaysFromNow(1));
    await idempotency.complete(scope, { old: true });

    const later = isoDaysFromNow(1); // exactly at expiry counts as expired
    expect(await idempotency.claim(scope, "new-hash", later, isoDaysFromNow(2))).toEqual({ kind: "claimed" });
    const row = await fixture.database.db
      .selectFrom("idempotency_records")
      .selectAll()
      .where("idempotency_key", "=", scope.key)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ request_hash: "new-hash", response_json: null, created_at: later, expires_at: isoDaysFromNow(2) });
    expect(await idempotency.claim(scope, "new-hash", later, isoDaysFromNow(2))).toEqual({
      kind: "replay",
      requestHash: "new-hash",
      response: null,
    });
  });

  it("deletes expired records, with their stored responses, every n-th new claim across transactions", async () => {
    const stores = createStores(fixture.database, { pruneIdempotencyEvery: 3 });
    const expired = scopeOf("prune-me-000000000001");
    await stores.idempotency.claim(expired, "h", now, isoDaysFromNow(1));
    await stores.idempotency.complete(expired, { recipient: "kept only while the key lives" });
    const later = isoDaysFromNow(2);
    const live = scopeOf("prune-survivor-000001");
    await stores.transaction((tx) => tx.idempotency.claim(live, "h", later, isoDaysFromNow(9)));
    const count = () =>
      fixture.database.db
        .selectFrom("idempotency_records")
        .select("idempotency_key")
        .where("idempotency_key", "in", [expired.key, live.key])
        .execute();
    expect(await count()).toHaveLength(2);
    await stores.transaction((tx) => tx.idempotency.claim(scopeOf("prune-trigger-00000001"), "h", later, isoDaysFromNow(9)));
    expect((await count()).map((row) => row.idempotency_key)).toEqual([live.key]);
  });

  it("lets exactly one of 20 concurrent identical claims through inside transactions", async () => {
    const scope = scopeOf("concurrent-key-000001");
    const grantId = newId();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        fixture.stores.transaction(async (stores) => {
          const claim = await stores.idempotency.claim(scope, "same-hash", now, expires);
          if (claim.kind === "replay") return { claim, view: claim.response as PlacementDraftView };
          const view = await stores.placementDrafts.create({
            draftId: newId(),
            deskId: fixture.demo.deskId,
            userId: scope.userId,
            grantId,
            title: "Concurrent",
            accounts: [{ reference: "C-1", name: "Cee", amount: 10, currency: "USD" }],
            createdAt: now,
          });
          await stores.idempotency.complete(scope, view);
          return { claim, view };
        }),
      ),
    );

    expect(outcomes.filter((o) => o.claim.kind === "claimed")).toHaveLength(1);
    const winner = outcomes.find((o) => o.claim.kind === "claimed")!.view;
    for (const outcome of outcomes) expect(outcome.view).toEqual(winner);
    expect(await fixture.stores.placementDrafts.listByGrant(grantId, 50)).toEqual([winner]);
  });

  it("rolls back everything when the work throws: no draft, no idempotency record", async () => {
    const scope = scopeOf("rollback-key-0000001");
    const grantId = newId();
    const draftId = newId();
    await expect(
      fixture.stores.transaction(async (stores) => {
        await stores.idempotency.claim(scope, "hash", now, expires);
        const view = await stores.placementDrafts.create({
          draftId,
          deskId: fixture.demo.deskId,
          userId: scope.userId,
          grantId,
          title: "Half written",
          accounts: [{ reference: "R-1", name: "Ro", amount: 5, currency: "USD" }],
          createdAt: now,
        });
        await stores.idempotency.complete(scope, view);
        // Visible inside the transaction...
        expect(await stores.placementDrafts.findByGrant(grantId, draftId)).toBeDefined();
        throw new Error("boom after create");
      }),
    ).rejects.toThrow("boom after create");

    // ...and gone after the rollback.
    expect(await fixture.stores.placementDrafts.findByGrant(grantId, draftId)).toBeUndefined();
    const leftovers = await fixture.database.db
      .selectFrom("idempotency_records")
      .select("idempotency_key")
      .where("idempotency_key", "=", scope.key)
      .execute();
    expect(leftovers).toEqual([]);
    expect(await fixture.stores.idempotency.claim(scope, "hash", now, expires)).toEqual({ kind: "claimed" });
  });

  it("commits the work's result when it succeeds", async () => {
    const grantId = newId();
    const result = await fixture.stores.transaction(async (stores) => {
      const view = await stores.consumerRequestDrafts.create({
        draftId: newId(),
        consumerId: fixture.demo.consumerId,
        userId: newId(),
        grantId,
        kind: "documents",
        recipient: "Harbor Recovery Partners",
        channel: "service",
        createdAt: now,
      });
      return view.draftId;
    });
    expect(await fixture.stores.consumerRequestDrafts.findByGrant(grantId, result)).toBeDefined();
  });
});
