/**
 * `restore`: replaces the SQLite database (DATABASE_URL) with a backup, after checking it: a damaged
 * file, another program's file or one a newer version of the service wrote (a migration unknown here)
 * is refused in one line, and so is a database a running server has open. The database it replaces is
 * kept beside it. Run `restore --help`.
 */
import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parseDatabaseUrl } from "@connector/store";
import { checkRestorableSqliteFile, sqliteFileInUse } from "@connector/store/sqlite";
import { loadConfig, typedPathBase } from "./config.js";

const USAGE = `usage:
  restore --from <backup file>
  restore --help

Replaces the SQLite database (DATABASE_URL, default ./data/connector.db) with a backup that 'backup'
or scheduled backups (BACKUP_DIR) wrote. Stop the server first: a database in use is not replaced.
The backup is checked first (SQLite's integrity check, and a schema this version knows); the database it
replaces is kept beside it as <name>.replaced-<UTC time>. The next start migrates an older backup.
On PostgreSQL use its own tools (pg_restore, or a base backup and its WAL): README, "Operate".
`;

function fsyncFile(path: string): void {
  const fd = openSync(path, "r+");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { from: { type: "string" }, help: { type: "boolean", short: "h" } }, strict: true });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (values.from === undefined) throw new Error(`say which backup to restore: restore --from <file>\n${USAGE}`);
  const location = parseDatabaseUrl(loadConfig().databaseUrl);
  if (location.dialect !== "sqlite") {
    throw new Error("DATABASE_URL is PostgreSQL: restore it with PostgreSQL's own tools (pg_restore, or a base backup and its WAL), README \"Operate\"; nothing was changed");
  }
  if (location.filename === ":memory:") throw new Error("DATABASE_URL is an in-memory database (:memory:): there is no file to restore into");
  const from = resolve(typedPathBase(), values.from);
  const target = resolve(location.filename);
  const { refusal, latestMigration } = checkRestorableSqliteFile(from);
  if (refusal !== undefined) throw new Error(`refused: ${refusal}; nothing was changed`);
  if (sqliteFileInUse(target)) throw new Error(`refused: ${target} is in use (a server has it open): stop the server, then restore; nothing was changed`);
  const stamp = new Date().toISOString().replaceAll(":", "-");
  mkdirSync(dirname(target), { recursive: true });
  // The copy is written beside the database and renamed over it: the database's name holds the old file or the whole new one.
  const incoming = join(dirname(target), `.${basename(target)}.restoring-${stamp}`);
  copyFileSync(from, incoming);
  fsyncFile(incoming);
  let kept: string | undefined;
  if (existsSync(target)) {
    kept = `${target}.replaced-${stamp}`;
    renameSync(target, kept);
  }
  // The replaced database left WAL (sqliteFileInUse wrote it back); files of its journal must not meet the new one.
  for (const suffix of ["-wal", "-shm", "-journal"]) rmSync(`${target}${suffix}`, { force: true });
  renameSync(incoming, target);
  process.stdout.write(
    `Restored ${target} from ${from}${latestMigration === undefined ? "" : ` (schema ${latestMigration})`}.${kept === undefined ? "" : ` The database it replaced is kept as ${kept}.`} Start the server.\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`restore: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
