import { copyFile, mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import { createDatabase } from "../database/create-database.js";
import type { Database } from "../database/database.js";
import { migrateToLatest } from "../migrations/migrate-to-latest.js";
import { randomHex } from "./random-hex.js";

/**
 * What a test database starts from: built once (migrated, then `fill`ed) and copied for every test
 * file after that, instead of each file migrating and seeding. The copy is keyed by a hash of this
 * package's code (migrations, seed), `version` and the files in `sources`, so an edit never meets a
 * stale template.
 */
export interface TestTemplate {
  /** Tells templates apart in the key, e.g. `migrated`, `server-demo`. */
  name: string;
  /** Anything else the content depends on that no source file shows (a clock bucket, a format). */
  version?: string;
  /** Files or folders (absolute paths) whose content `fill` depends on beyond this package's code. */
  sources?: string[];
  /** Writes the template's data on the freshly migrated database. */
  fill?(database: Database): Promise<void>;
}

/** Only the migrations: an up-to-date, empty schema. */
export const MIGRATED_TEMPLATE: TestTemplate = { name: "migrated" };

/**
 * Templates older than this are removed when another is built. Longer than any test run, so a run
 * never loses the template it copies from (copies also hold a shared lock that removal waits for).
 */
const STALE_AFTER_MS = 3 * 3_600_000;

/** Every process serialises building and removing templates on this advisory lock; copies share it. */
const TEMPLATE_LOCK_KEY = 2_026_112_521;

/** Where SQLite templates live: one file per key, stable across processes of a run and across runs. */
export const SQLITE_TEMPLATE_DIR = join(tmpdir(), "connector-test-templates");

/** Computed once per template per process: hashing the code reads about a megabyte. */
const keys = new WeakMap<TestTemplate, Promise<string>>();

export function templateKey(template: TestTemplate): Promise<string> {
  let key = keys.get(template);
  if (key === undefined) {
    key = computeTemplateKey(template);
    keys.set(template, key);
  }
  return key;
}

async function computeTemplateKey(template: TestTemplate): Promise<string> {
  const parts: Uint8Array[] = [text(`${template.name}\0${template.version ?? ""}\0`)];
  for (const source of [storeCodeDir(), ...(template.sources ?? [])]) await readTree(parts, source, basename(source));
  // Web Crypto, as everywhere in the store; its digest takes the whole input, so the tree is read first (about a megabyte).
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", concatenated(parts)));
  return `tpl_${Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("").slice(0, 24)}`;
}

/** SQLite: copies the template file (building it first if absent) to `target`. */
export async function copySqliteTemplate(template: TestTemplate, target: string): Promise<void> {
  const file = join(SQLITE_TEMPLATE_DIR, `${await templateKey(template)}.db`);
  try {
    await copyFile(file, target);
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await buildSqliteTemplate(template, file);
  await copyFile(file, target);
}

async function buildSqliteTemplate(template: TestTemplate, file: string): Promise<void> {
  await mkdir(SQLITE_TEMPLATE_DIR, { recursive: true });
  await removeStaleSqliteTemplates();
  // Built under a name of its own and renamed into place, so no process ever copies half a file;
  // processes racing to build each rename an equivalent file.
  const building = `${file}.${process.pid}.${randomHex(4)}.building`;
  try {
    await fillNewDatabase(building, template);
    // Closing the last connection checkpoints the WAL into the file; a leftover would be lost in the copy.
    if (await exists(`${building}-wal`)) throw new Error(`SQLite template ${building} kept a WAL file after closing.`);
    await rename(building, file);
  } finally {
    await rm(building, { force: true });
    await rm(`${building}-shm`, { force: true });
  }
}

async function removeStaleSqliteTemplates(): Promise<void> {
  for (const name of await readdir(SQLITE_TEMPLATE_DIR)) {
    const path = join(SQLITE_TEMPLATE_DIR, name);
    const info = await stat(path).catch(() => undefined);
    if (info !== undefined && Date.now() - info.mtimeMs > STALE_AFTER_MS) await rm(path, { force: true });
  }
}

/**
 * PostgreSQL: `create database <name> template <tpl>`, building the template first if absent. The
 * template refuses connections (`allow_connections false`), since PostgreSQL copies only a database
 * nobody is connected to.
 */
export async function copyPostgresTemplate(
  admin: pg.Client,
  adminUrl: string,
  template: TestTemplate,
  name: string,
): Promise<void> {
  const key = await templateKey(template);
  await admin.query("select pg_advisory_lock_shared($1)", [TEMPLATE_LOCK_KEY]);
  try {
    if (!(await databaseExists(admin, key))) {
      await admin.query("select pg_advisory_unlock_shared($1)", [TEMPLATE_LOCK_KEY]);
      await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
      try {
        if (!(await databaseExists(admin, key))) await buildPostgresTemplate(admin, adminUrl, template, key);
      } finally {
        await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]);
        await admin.query("select pg_advisory_lock_shared($1)", [TEMPLATE_LOCK_KEY]);
      }
    }
    await admin.query(`create database "${name}" template "${key}"`);
  } finally {
    await admin.query("select pg_advisory_unlock_shared($1)", [TEMPLATE_LOCK_KEY]);
  }
}

/** Runs holding the exclusive lock: no other process copies, builds or removes meanwhile. */
async function buildPostgresTemplate(admin: pg.Client, adminUrl: string, template: TestTemplate, key: string) {
  await removeStalePostgresTemplates(admin);
  const building = `tplbuild_${randomHex(6)}`;
  await admin.query(`create database "${building}"`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    await fillNewDatabase(url.toString(), template);
    await admin.query(`alter database "${building}" rename to "${key}"`);
  } catch (error) {
    await admin.query(`drop database if exists "${building}" with (force)`);
    throw error;
  }
  await admin.query(`comment on database "${key}" is '${new Date().toISOString()}'`);
  await admin.query(`alter database "${key}" with is_template true allow_connections false`);
}

/** Templates past their age, and half-built ones a crashed process left (builders hold the lock). */
async function removeStalePostgresTemplates(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ name: string; built: string | null }>(
    `select datname as name, shobj_description(oid, 'pg_database') as built from pg_database
     where datname like 'tpl\\_%' or datname like 'tplbuild\\_%'`,
  );
  for (const { name, built } of rows) {
    const stale = name.startsWith("tplbuild_") || built === null || Date.now() - Date.parse(built) > STALE_AFTER_MS;
    if (!stale) continue;
    await admin.query(`alter database "${name}" with is_template false allow_connections true`);
    await admin.query(`drop database if exists "${name}" with (force)`);
  }
}

async function fillNewDatabase(url: string, template: TestTemplate): Promise<void> {
  const database = await createDatabase({ url });
  try {
    await migrateToLatest(database);
    await template.fill?.(database);
  } finally {
    await database.close();
  }
}

async function databaseExists(admin: pg.Client, name: string): Promise<boolean> {
  return (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
}

/** This package's code (`dist/` when built, `src/` when its own tests run from source). */
function storeCodeDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return basename(here) === "testing" ? dirname(here) : here;
}

/** Names relative to the tree's root, so two checkouts of the same code share templates. */
async function readTree(parts: Uint8Array[], path: string, name: string): Promise<void> {
  const info = await stat(path);
  if (!info.isDirectory()) {
    parts.push(text(`${name}\0`), await readFile(path));
    return;
  }
  for (const entry of (await readdir(path)).sort()) {
    if (entry === "node_modules" || entry.endsWith(".map")) continue;
    await readTree(parts, join(path, entry), `${name}/${entry}`);
  }
}

function text(value: string): Uint8Array {
  return new TextEncoder().encode(value);
}

function concatenated(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const all = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return all;
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined)) !== undefined;
}
