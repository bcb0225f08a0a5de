import type { IdempotencyClaim, IdempotencyScope, IdempotencyStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../database/database-schema.js";

const KEY_COLUMNS = ["user_id", "workspace", "idempotency_key"] as const;

/**
 * Counts new claims across every transaction's store, so that every `pruneEvery`-th claim also
 * deletes expired records and the responses they hold (keys are kept for their retention only).
 */
export function expiredRecordPruner(pruneEvery = 200): () => boolean {
  let claimsSincePrune = 0;
  return () => {
    claimsSincePrune += 1;
    if (claimsSincePrune < pruneEvery) return false;
    claimsSincePrune = 0;
    return true;
  };
}

export function createIdempotencyStore(
  db: Kysely<DatabaseSchema>,
  shouldPrune: () => boolean = expiredRecordPruner(),
): IdempotencyStore {
  const byScope = (scope: IdempotencyScope) => ({
    user_id: scope.userId,
    workspace: scope.workspace,
    idempotency_key: scope.key,
  });

  /**
   * Claims race through the primary key, not a read-then-write: on PostgreSQL a second insert of
   * the same key waits on the unique index until the first transaction commits, then does nothing
   * and reads the committed row. SQLite has one writer at a time, so the same holds there.
   */
  async function claim(
    scope: IdempotencyScope,
    requestHash: string,
    now: string,
    expiresAt: string,
    attempt = 1,
  ): Promise<IdempotencyClaim> {
    const key = byScope(scope);
    const inserted = await db
      .insertInto("idempotency_records")
      .values({ ...key, request_hash: requestHash, response_json: null, created_at: now, expires_at: expiresAt })
      .onConflict((oc) => oc.columns(KEY_COLUMNS).doNothing())
      .returning("user_id")
      .executeTakeFirst();
    if (inserted !== undefined) {
      if (shouldPrune()) await db.deleteFrom("idempotency_records").where("expires_at", "<=", now).execute();
      return { kind: "claimed" };
    }

    // An expired record no longer protects anything: take it over. The `expires_at <= now` guard
    // is re-checked under the row lock, so of two racing takeovers only one updates a row.
    const replaced = await db
      .updateTable("idempotency_records")
      .set({ request_hash: requestHash, response_json: null, created_at: now, expires_at: expiresAt })
      .where("user_id", "=", key.user_id)
      .where("workspace", "=", key.workspace)
      .where("idempotency_key", "=", key.idempotency_key)
      .where("expires_at", "<=", now)
      .returning("user_id")
      .executeTakeFirst();
    if (replaced !== undefined) return { kind: "claimed" };

    const existing = await db
      .selectFrom("idempotency_records")
      .select(["request_hash", "response_json"])
      .where("user_id", "=", key.user_id)
      .where("workspace", "=", key.workspace)
      .where("idempotency_key", "=", key.idempotency_key)
      .executeTakeFirst();
    // Gone between our insert and this read: pruned as expired by another transaction. Start over.
    if (existing === undefined) {
      if (attempt >= 3) throw new Error("idempotency record vanished three times in a row");
      return claim(scope, requestHash, now, expiresAt, attempt + 1);
    }
    return {
      kind: "replay",
      requestHash: existing.request_hash,
      // Null only if a claim was committed without `complete` (claim and complete share a transaction).
      response: existing.response_json === null ? null : JSON.parse(existing.response_json),
    };
  }

  async function complete(scope: IdempotencyScope, response: unknown): Promise<void> {
    const key = byScope(scope);
    await db
      .updateTable("idempotency_records")
      .set({ response_json: JSON.stringify(response) })
      .where("user_id", "=", key.user_id)
      .where("workspace", "=", key.workspace)
      .where("idempotency_key", "=", key.idempotency_key)
      .execute();
  }

  return { claim, complete };
}
