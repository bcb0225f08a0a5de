import pg from "pg";

/** The schema pg-boss keeps its jobs in on the service's database (pg-boss's default). */
export const PG_BOSS_SCHEMA = "pgboss";

/**
 * The oldest pg-boss schema version pg-boss 12 migrates from: 25, pg-boss 11.0's. pg-boss 10 left
 * version 24 (its `version.json`), and 11 rewrote the tables instead of migrating them.
 */
const OLDEST_MIGRATABLE_VERSION = 25;

/** One advisory-lock key for this step on every process ("pgboss" in ASCII), so one process moves the schema. */
const RETIRE_LOCK_KEY = 0x7067626f7373;

/** Where a retired schema goes: `pgboss_retired_v24` for pg-boss 10's. */
export function retiredSchemaName(version: number): string {
  return `${PG_BOSS_SCHEMA}_retired_v${version}`;
}

/**
 * Moves a `pgboss` schema that pg-boss 12 cannot migrate (one written by pg-boss 10 or older) aside,
 * to `pgboss_retired_v{version}`, so pg-boss installs its own beside it. Nothing is lost: pg-boss's
 * jobs only point at runs (`{ runId }`), and the runs themselves, with every step they recorded, are
 * the service's own `workflow_runs` rows, which the engine's start gives new jobs when unfinished;
 * a finished run is never queued again, and a run's claim lets one worker through. The old schema is
 * kept (not dropped) so an operator can look at it, or roll back by renaming it; README says when to
 * drop it. Returns the retired schema's name, or null when there was nothing to move.
 */
export async function retireOlderPgBossSchema(connectionString: string): Promise<string | null> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("begin");
    await client.query("select pg_advisory_xact_lock($1)", [RETIRE_LOCK_KEY]);
    const version = await installedSchemaVersion(client);
    if (version === null || version >= OLDEST_MIGRATABLE_VERSION) {
      await client.query("commit");
      return null;
    }
    const retired = retiredSchemaName(version);
    await client.query(`alter schema ${PG_BOSS_SCHEMA} rename to ${retired}`);
    await client.query("commit");
    return retired;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

async function installedSchemaVersion(client: pg.Client): Promise<number | null> {
  const table = await client.query<{ found: string | null }>("select to_regclass($1)::text as found", [`${PG_BOSS_SCHEMA}.version`]);
  if (table.rows[0]?.found == null) return null;
  const { rows } = await client.query<{ version: number | string }>(`select version from ${PG_BOSS_SCHEMA}.version`);
  return rows[0] === undefined ? null : Number(rows[0].version);
}
