import type { DpopStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { AuthDatabase } from "./auth-schema.js";

/** Expired proofs are deleted at most this often per process, by the request that finds the time has come. */
const PURGE_EVERY_MS = 60_000;
const NONCE_SECRET = "dpop-nonce";

/**
 * The DPoP store. Proofs seen are kept where every process that answers requests sees them: in the
 * database when several processes share it (PostgreSQL: one insert that does nothing on a key already
 * there, so two processes given the same proof at once cannot both accept it), in memory when one
 * process owns the database (SQLite), which saves a commit on every DPoP request. The nonce secret is
 * one row in both, so a nonce survives a restart and is accepted by every process.
 */
export function createDpopStore(db: Kysely<AuthDatabase>, options: { sharedByProcesses: boolean }): DpopStore {
  const proofs = options.sharedByProcesses ? tableProofs(db) : memoryProofs();
  return {
    recordProof: proofs,
    async nonceSecret(candidate, now) {
      await db
        .insertInto("service_secrets")
        .values({ name: NONCE_SECRET, value: candidate, created_at: now })
        .onConflict((conflict) => conflict.column("name").doNothing())
        .execute();
      const row = await db.selectFrom("service_secrets").select("value").where("name", "=", NONCE_SECRET).executeTakeFirstOrThrow();
      return row.value;
    },
  };
}

type RecordProof = DpopStore["recordProof"];

function tableProofs(db: Kysely<AuthDatabase>): RecordProof {
  let purgedAt = 0;
  return async (proofKey, expiresAt, now) => {
    const nowMs = Date.parse(now);
    if (nowMs - purgedAt >= PURGE_EVERY_MS) {
      purgedAt = nowMs;
      await db.deleteFrom("dpop_proofs").where("expires_at", "<=", now).execute();
    }
    const inserted = await db
      .insertInto("dpop_proofs")
      .values({ proof_key: proofKey, expires_at: expiresAt })
      .onConflict((conflict) => conflict.column("proof_key").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return "recorded";
    // The key is there: a replay, unless it is an expired row the purge has not reached yet.
    const taken = await db
      .updateTable("dpop_proofs")
      .set({ expires_at: expiresAt })
      .where("proof_key", "=", proofKey)
      .where("expires_at", "<=", now)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1 ? "recorded" : "replayed";
  };
}

/**
 * One process's proofs: a proof's key cut to 128 bits (plenty against collisions among the proofs of five
 * minutes) and its expiry as a number, so even thousands of DPoP calls a second stay a few tens of megabytes.
 */
function memoryProofs(): RecordProof {
  const seen = new Map<string, number>();
  let purgedAt = 0;
  return async (proofKey, expiresAt, now) => {
    const nowMs = Date.parse(now);
    if (nowMs - purgedAt >= PURGE_EVERY_MS) {
      purgedAt = nowMs;
      for (const [key, until] of seen) if (until <= nowMs) seen.delete(key);
    }
    const key = proofKey.slice(0, 32);
    const until = seen.get(key);
    if (until !== undefined && until > nowMs) return "replayed";
    seen.set(key, Date.parse(expiresAt));
    return "recorded";
  };
}
