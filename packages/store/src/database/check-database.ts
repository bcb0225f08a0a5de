import { sql } from "kysely";
import type { Database } from "./database.js";

/** Resolves when the database answers a trivial query (readiness probe); rejects otherwise. */
export async function checkDatabase(database: Database): Promise<void> {
  await sql`select 1`.execute(database.db);
}
