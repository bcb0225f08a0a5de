import type { PlacementUploadChunkInfo, PlacementUploadRecord, PlacementUploadStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { DatabaseSchema, PlacementUploadTable } from "../database/database-schema.js";

const toRecord = (row: PlacementUploadTable): PlacementUploadRecord => ({
  uploadId: row.id,
  deskId: row.desk_id,
  agencyDeskId: row.agency_desk_id,
  size: Number(row.size),
  chunkBytes: Number(row.chunk_bytes),
  chunkCount: Number(row.chunk_count),
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

/** A row referring to a row that is gone: PostgreSQL's 23503, SQLite's foreign-key constraint. */
const isForeignKeyViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY";
};

const toChunk = (row: { chunk_index: number; size: number; sha256: string }): PlacementUploadChunkInfo => ({
  index: Number(row.chunk_index),
  size: Number(row.size),
  sha256: row.sha256,
});

/** A CSV file's parts while it is sent and reviewed: `placement_uploads` and `placement_upload_chunks`. */
export function createPlacementUploadStore(db: Kysely<DatabaseSchema>): PlacementUploadStore {
  /** The upload's parts first: SQLite enforces no foreign key unless asked, so nothing relies on a cascade. */
  async function deleteUploads(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    await db.deleteFrom("placement_upload_chunks").where("upload_id", "in", [...ids]).execute();
    const result = await db.deleteFrom("placement_uploads").where("id", "in", [...ids]).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  return {
    async create(upload) {
      await db
        .insertInto("placement_uploads")
        .values({
          id: upload.uploadId,
          desk_id: upload.deskId,
          agency_desk_id: upload.agencyDeskId,
          size: upload.size,
          chunk_bytes: upload.chunkBytes,
          chunk_count: upload.chunkCount,
          created_at: upload.createdAt,
          expires_at: upload.expiresAt,
        })
        .execute();
    },

    async find(deskId, uploadId) {
      const row = await db.selectFrom("placement_uploads").selectAll().where("id", "=", uploadId).where("desk_id", "=", deskId).executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    async countOpen(deskId, now) {
      const row = await db
        .selectFrom("placement_uploads")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("desk_id", "=", deskId)
        .where("expires_at", ">", now)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async putChunk(uploadId, chunk) {
      // Both drivers take a Buffer for a blob/bytea parameter.
      const bytes = Buffer.from(chunk.bytes.buffer, chunk.bytes.byteOffset, chunk.bytes.byteLength);
      try {
        await db
          .insertInto("placement_upload_chunks")
          .values({ upload_id: uploadId, chunk_index: chunk.index, size: chunk.size, sha256: chunk.sha256, bytes })
          .onConflict((oc) => oc.columns(["upload_id", "chunk_index"]).doNothing())
          .execute();
      } catch (error) {
        // The upload was deleted (placed, expired, cancelled) between the caller's look and this part.
        if (isForeignKeyViolation(error)) return undefined;
        throw error;
      }
      const stored = await db
        .selectFrom("placement_upload_chunks")
        .select(["chunk_index", "size", "sha256"])
        .where("upload_id", "=", uploadId)
        .where("chunk_index", "=", chunk.index)
        .executeTakeFirst();
      return stored === undefined ? undefined : toChunk(stored);
    },

    async chunks(uploadId) {
      const rows = await db
        .selectFrom("placement_upload_chunks")
        .select(["chunk_index", "size", "sha256"])
        .where("upload_id", "=", uploadId)
        .orderBy("chunk_index")
        .execute();
      return rows.map(toChunk);
    },

    async readBytes(uploadId, from, count) {
      const rows = await db
        .selectFrom("placement_upload_chunks")
        .select("bytes")
        .where("upload_id", "=", uploadId)
        .where("chunk_index", ">=", from)
        .where("chunk_index", "<", from + count)
        .orderBy("chunk_index")
        .execute();
      return rows.map((row) => new Uint8Array(row.bytes));
    },

    async delete(uploadId) {
      return (await deleteUploads([uploadId])) === 1;
    },

    async deleteExpired(now) {
      // Not one a job is placing right now: its day may end while it is checked and saved.
      const expired = await db
        .selectFrom("placement_uploads as upload")
        .select("upload.id")
        .where("upload.expires_at", "<=", now)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom("placement_jobs as job").select("job.id").whereRef("job.upload_id", "=", "upload.id").where("job.state", "in", ["checking", "saving"]),
            ),
          ),
        )
        .limit(100)
        .execute();
      return deleteUploads(expired.map((row) => row.id));
    },
  };
}
