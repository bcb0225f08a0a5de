import { randomBytes } from "node:crypto";
import { closeSync, existsSync, openSync, readSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { Worker } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { migrations } from "../migrations/index.js";

/** A finished copy: where it is, its size, how long it took. */
export interface SqliteBackup {
  file: string;
  bytes: number;
  seconds: number;
}

/**
 * The copy, as a worker thread runs it (plain JavaScript, evaluated: it runs the same from the built
 * package and from source). Its own connection to the file takes one read transaction for the whole
 * `VACUUM INTO`, so the copy is the database as of one commit however many writes the server makes
 * meanwhile (WAL: the readers and the writer do not wait on each other); the copy is checked
 * (`quick_check`), written to disk and only then renamed to its name, so a file with that name is whole.
 */
const COPY_IN_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const Database = require(workerData.driver);
const { source, destination, partial } = workerData;
const started = process.hrtime.bigint();
try {
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("VACUUM INTO ?").run(partial);
  } finally {
    db.close();
  }
  const copy = new Database(partial, { readonly: true, fileMustExist: true });
  let check;
  try {
    check = copy.pragma("quick_check", { simple: true });
  } finally {
    copy.close();
  }
  if (check !== "ok") throw new Error("the copy failed SQLite's quick_check: " + check);
  const fd = fs.openSync(partial, "r+");
  try { fs.fsyncSync(fd); } finally { fs.closeSync(fd); }
  fs.renameSync(partial, destination);
  parentPort.postMessage({ ok: true, bytes: fs.statSync(destination).size, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
} catch (error) {
  try { fs.rmSync(partial, { force: true }); } catch {}
  parentPort.postMessage({ ok: false, message: String((error && error.message) || error) });
}
`;

/** The suffix of a copy being written; such a file is never a backup (a stop or crash may leave one). */
export const PARTIAL_BACKUP_SUFFIX = ".partial";

/**
 * An online, consistent copy of the SQLite database at `source` into `destination` (which must not
 * exist), taken on a worker thread so a server's event loop keeps answering while it is written.
 * `signal` stops it (the worker ends and the partial file is removed).
 */
export function backupSqliteFile(source: string, destination: string, options: { signal?: AbortSignal } = {}): Promise<SqliteBackup> {
  if (!existsSync(source)) return Promise.reject(new Error(`there is no database at ${source}`));
  if (existsSync(destination)) return Promise.reject(new Error(`${destination} already exists`));
  const partial = join(dirname(destination), `.${basename(destination)}.${randomBytes(4).toString("hex")}${PARTIAL_BACKUP_SUFFIX}`);
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  return new Promise<SqliteBackup>((resolve, reject) => {
    const worker = new Worker(COPY_IN_WORKER, { eval: true, workerData: { driver, source, destination, partial } });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener("abort", abort);
      outcome();
    };
    const abort = () => {
      void worker.terminate().finally(() => rmSync(partial, { force: true }));
      settle(() => reject(new Error("the backup was stopped")));
    };
    if (options.signal?.aborted) return abort();
    options.signal?.addEventListener("abort", abort);
    worker.once("message", (message: { ok: true; bytes: number; seconds: number } | { ok: false; message: string }) =>
      settle(() => (message.ok ? resolve({ file: destination, bytes: message.bytes, seconds: message.seconds }) : reject(new Error(message.message)))),
    );
    worker.once("error", (error) => settle(() => reject(error)));
    worker.once("exit", (code) => settle(() => reject(new Error(`the backup worker exited (${code}) without a result`))));
  });
}

/** Why a file cannot be restored, in one line; undefined when it can. */
export type RestoreRefusal = string | undefined;

const SQLITE_HEADER = Buffer.from("SQLite format 3\0", "latin1");

/**
 * Whether `file` is a database this version of the service can restore: a SQLite file (its header),
 * whole (`PRAGMA integrity_check`), with the service's migrations table, and no migration this version
 * does not know (a newer service wrote it). Opened read-only; nothing is changed.
 */
export function checkRestorableSqliteFile(file: string): { refusal: RestoreRefusal; latestMigration?: string } {
  if (!existsSync(file)) return { refusal: `there is no file at ${file}` };
  const header = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(file, "r");
  try {
    readSync(fd, header, 0, header.length, 0);
  } finally {
    closeSync(fd);
  }
  if (!header.equals(SQLITE_HEADER)) return { refusal: `${file} is not a SQLite database (its header is not SQLite's): a damaged or wrong file` };
  let connection: SQLite.Database;
  try {
    connection = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { refusal: `${file} cannot be opened as a SQLite database (${(error as Error).message})` };
  }
  try {
    let problems: string[];
    try {
      problems = (connection.pragma("integrity_check(5)") as Array<{ integrity_check: string }>).map((row) => row.integrity_check);
    } catch (error) {
      return { refusal: `${file} is damaged: SQLite's integrity check failed (${(error as Error).message})` };
    }
    if (problems.length !== 1 || problems[0] !== "ok") return { refusal: `${file} is damaged: SQLite's integrity check found ${problems.join("; ")}` };
    const table = connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
    if (table === undefined) return { refusal: `${file} is a SQLite database but not this service's (it has no migrations table)` };
    const applied = (connection.prepare("SELECT name FROM kysely_migration ORDER BY name").all() as Array<{ name: string }>).map((row) => row.name);
    const unknown = applied.filter((name) => !(name in migrations));
    if (unknown.length > 0) {
      return {
        refusal: `${file} has a newer schema than this version of the service (migration ${unknown.at(-1)} is unknown here): restore it with the version that wrote it, or a later one`,
      };
    }
    return { refusal: undefined, ...(applied.length === 0 ? {} : { latestMigration: applied.at(-1)! }) };
  } finally {
    connection.close();
  }
}

/**
 * Whether a process has the SQLite database at `file` open now. A WAL database cannot leave WAL while
 * another connection has it open; so this asks it to (a no-op for the database this replaces) without
 * waiting: refused means in use. The database is left in rollback-journal mode with its WAL written
 * back, which is what a restore replacing it needs; the next server start turns WAL on again.
 */
export function sqliteFileInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  const connection = new SQLite(file, { fileMustExist: true });
  try {
    connection.pragma("busy_timeout = 0");
    const mode = connection.pragma("journal_mode = DELETE", { simple: true });
    return mode !== "delete";
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY") || (error as { code?: string }).code?.startsWith("SQLITE_LOCKED")) return true;
    throw error;
  } finally {
    connection.close();
  }
}
