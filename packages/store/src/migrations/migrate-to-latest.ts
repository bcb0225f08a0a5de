import type { Kysely } from "kysely";
import { type MigrationResultSet, Migrator } from "kysely/migration";
import type { Database } from "../database/database.js";
import { migrationProvider } from "./index.js";

/**
 * Brings the schema up to date; a no-op when it already is. Kysely takes a lock table row so two
 * processes starting together do not both migrate.
 */
export async function migrateToLatest(database: Database): Promise<MigrationResultSet> {
  return migrateKysely(database.db);
}

/** `migrateToLatest` on any Kysely over the store's database (a PostgreSQL session of its own: `migrateOnOwnSession`). */
export async function migrateKysely(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const result = await migrator.migrateToLatest();
  if (result.error !== undefined) {
    const failed = result.results?.find((step) => step.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`Database migration "${failed}" failed.`, { cause: result.error });
  }
  return result;
}
