import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

/** A backup's file name: `connector-2026-11-29T01-45-00.123Z.db` (UTC; sorts in time order). */
export function backupFileName(atMs: number): string {
  return `connector-${new Date(atMs).toISOString().replaceAll(":", "-")}.db`;
}

const BACKUP_FILE = /^connector-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\.db$/;
const PARTIAL_FILE = /^\.connector-.*\.partial$/;

/** The backups in `directory`, oldest first (only files named as `backupFileName` names them). */
export function listBackups(directory: string): string[] {
  return readdirSync(directory)
    .filter((name) => BACKUP_FILE.test(name))
    .sort();
}

/** Deletes all but the newest `keep` backups in `directory`; returns the names deleted. Other files are left alone. */
export function pruneBackups(directory: string, keep: number): string[] {
  const backups = listBackups(directory);
  const deleted = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of deleted) rmSync(join(directory, name), { force: true });
  return deleted;
}

/** Removes copies a stopped or crashed process left half-written (never a finished backup). */
export function removePartialBackups(directory: string): void {
  for (const name of readdirSync(directory)) if (PARTIAL_FILE.test(name)) rmSync(join(directory, name), { force: true });
}
