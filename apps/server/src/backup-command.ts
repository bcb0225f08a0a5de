/**
 * `backup`: an online, consistent copy of the SQLite database (DATABASE_URL) while the server runs and
 * writes (`VACUUM INTO` on a connection of its own: the copy is the database as of one commit). Run
 * `backup --help`. On PostgreSQL it refuses and names PostgreSQL's own tools.
 */
import { mkdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parseDatabaseUrl } from "@connector/store";
import { backupSqliteFile } from "@connector/store/sqlite";
import { backupFileName } from "./backup/backup-files.js";
import { loadConfig, typedPathBase } from "./config.js";

const USAGE = `usage:
  backup [--to <file or directory>]
  backup --help

Takes a consistent copy of the SQLite database (DATABASE_URL, default ./data/connector.db) while the
server runs and writes, checks it, and prints where it is. The copy is the database as of one moment:
every draft committed before it, nothing half-written.

  --to   a new file, or a directory for connector-<UTC time>.db (default: the directory ./backups)

Restore one with 'restore --from <file>' (the server stopped). On PostgreSQL use its own tools
(pg_dump, or pg_basebackup with WAL archiving for a point in time): README, "Operate".
`;

async function main(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { to: { type: "string" }, help: { type: "boolean", short: "h" } }, strict: true });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const location = parseDatabaseUrl(loadConfig().databaseUrl);
  if (location.dialect !== "sqlite") {
    throw new Error(
      "DATABASE_URL is PostgreSQL: back it up with PostgreSQL's own tools (pg_dump, or pg_basebackup with WAL archiving for a point in time), README \"Operate\"",
    );
  }
  if (location.filename === ":memory:") throw new Error("DATABASE_URL is an in-memory database (:memory:): there is no file to back up");
  const target = resolve(typedPathBase(), values.to ?? "backups");
  const isDirectory = values.to === undefined || values.to.endsWith("/") || (statSync(target, { throwIfNoEntry: false })?.isDirectory() ?? false);
  if (isDirectory) mkdirSync(target, { recursive: true });
  const file = isDirectory ? join(target, backupFileName(Date.now())) : target;
  mkdirSync(dirname(file), { recursive: true });
  const backup = await backupSqliteFile(resolve(location.filename), file);
  process.stdout.write(`Backed up ${resolve(location.filename)} to ${backup.file}: ${backup.bytes} bytes in ${backup.seconds.toFixed(2)} s (checked).\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`backup: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
