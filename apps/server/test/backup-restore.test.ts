import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { createDatabase } from "@connector/store/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type ServerProcess, startServerProcess } from "./support/server-process.js";
import { connectAs } from "./support/test-service.js";
import { loadConfig } from "../src/config.js";

const execute = promisify(execFile);
const DIST = join(import.meta.dirname, "../dist");

/** An operator's command as an operator runs it (`node dist/backup.js …`): its exit code and what it printed. */
const command = (name: "backup" | "restore", databaseUrl: string, args: string[]) =>
  execute(process.execPath, [join(DIST, `${name}.js`), ...args], { env: { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl } }).then(
    (result) => ({ ...result, code: 0 }),
    (error) => error as { stdout: string; stderr: string; code: number },
  );

/** A refusal: exit 1, one line on stderr (`restore: …`), nothing on stdout. */
function expectOneLineRefusal(result: { stdout: string; stderr: string; code: number }, says: RegExp): void {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe("");
  const lines = result.stderr.trimEnd().split("\n");
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(says);
}

/** Draft `n` carries 10 to 70 accounts: a half-written one would show fewer than its number says. */
const accountsOf = (n: number) => ((n % 7) + 1) * 10;

describe("backups of the SQLite database, taken while the service writes, and their restore", () => {
  let directory: string;
  let port: number;
  const servers: ServerProcess[] = [];
  const start = async (databaseFile: string) => {
    const server = await startServerProcess(join(DIST, "main.js"), {
      cwd: directory,
      env: {
        DATABASE_URL: databaseFile,
        PORT: String(port),
        HOST: "127.0.0.1",
        BASE_URL: `http://127.0.0.1:${port}`,
        // The writers send as fast as the service answers: the per-grant limit is not what is tested here.
        RATE_LIMIT_PER_MINUTE: "1000000",
      },
    });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), "backup-restore-"));
    port = await freePort();
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it("keeps every draft committed before the backup and none half-written, restored into a new process; refuses in one line what it must not restore", async () => {
    const live = join(directory, "live", "connector.db");
    const first = await start(live);
    const baseUrl = `http://127.0.0.1:${port}`;
    const { accessToken } = await connectAs(baseUrl, { workspace: "desk" });

    // Four writers save drafts one after another until told to stop; each draft is recorded once answered.
    const committed: Array<{ n: number; draftId: string; at: number }> = [];
    const failures: string[] = [];
    let next = 0;
    let stop = false;
    const writer = async () => {
      while (!stop && failures.length === 0) {
        const n = next++;
        const response = await fetch(`${baseUrl}/api/connectors/v1/desk/tools/create_placement_draft`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
          body: JSON.stringify({
            title: `Backup draft ${n}`,
            accounts: Array.from({ length: accountsOf(n) }, (_unused, index) => ({ reference: `B-${n}-${index}`, name: "Backup Test", amount: 100 + index })),
            idempotencyKey: `backup-restore-draft-${n}`,
          }),
        });
        const body = (await response.json()) as { draft?: { draftId?: string } };
        const draftId = body.draft?.draftId;
        if (response.status !== 200 || draftId === undefined) failures.push(`${n}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
        else committed.push({ n, draftId, at: performance.now() });
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    while (committed.length < 40 && failures.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));

    // The backup runs as its own process while the writers go on.
    const backupStarted = performance.now();
    const backupFile = join(directory, "backups", "during-writes.db");
    const backup = command("backup", live, ["--to", backupFile]);
    const backedUp = await backup;
    const backupFinished = performance.now();
    const writtenDuring = committed.filter((draft) => draft.at > backupStarted && draft.at < backupFinished).length;
    // A few more after it, then the writers stop.
    const countAfter = committed.length + 10;
    while (committed.length < countAfter && failures.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    stop = true;
    await Promise.all(writers);
    expect(failures).toEqual([]);
    expect(backedUp.stderr).toBe("");
    expect(backedUp.code).toBe(0);
    expect(backedUp.stdout).toMatch(/^Backed up .* to .*during-writes\.db: \d+ bytes in [\d.]+ s \(checked\)\.\n$/);
    expect(committed.length).toBeGreaterThan(50);
    await first.stop();

    // Restored into a database that does not exist yet, then served by a new process on it.
    const restored = join(directory, "restored", "connector.db");
    const restoring = await command("restore", restored, ["--from", backupFile]);
    expect(restoring.stderr).toBe("");
    expect(restoring.code).toBe(0);
    expect(restoring.stdout).toMatch(/^Restored .*restored\/connector\.db from .*during-writes\.db \(schema [\w-]+\)\. Start the server\.\n$/);
    const second = await start(restored);
    const read = await fetch(`${baseUrl}/api/connectors/v1/desk/tools/list_accounts`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ limit: 1 }),
    });
    // The grant and its token were committed before the backup: the new process knows them.
    expect(read.status).toBe(200);

    const database = await createDatabase({ url: restored });
    try {
      const drafts = await database.db.selectFrom("placement_drafts").select(["id", "title", "accounts_json", "account_count"]).where("title", "like", "Backup draft %").execute();
      const history = await database.db.selectFrom("draft_history").select(["draft_id"]).execute();
      const found = new Map(drafts.map((draft) => [draft.id, draft]));
      // Every draft answered before the backup began is there.
      const before = committed.filter((draft) => draft.at < backupStarted);
      expect(before.length).toBeGreaterThanOrEqual(40);
      for (const draft of before) expect(found.has(draft.draftId), `draft ${draft.n}`).toBe(true);
      // None half-written: each draft has all its accounts and its history; no history without its draft.
      const answered = new Map(committed.map((draft) => [draft.draftId, draft.n]));
      for (const draft of drafts) {
        const n = Number(draft.title.replace("Backup draft ", ""));
        expect(answered.get(draft.id), `draft ${n} was saved by the writers`).toBe(n);
        expect(draft.account_count).toBe(accountsOf(n));
        expect((JSON.parse(draft.accounts_json) as unknown[]).length).toBe(accountsOf(n));
      }
      const historyOf = new Set(history.map((entry) => entry.draft_id));
      for (const draft of drafts) expect(historyOf.has(draft.id)).toBe(true);
      for (const entry of history) if (answered.has(entry.draft_id)) expect(found.has(entry.draft_id)).toBe(true);
      // The copy is of one moment: drafts answered after the backup finished are not in it.
      const after = committed.filter((draft) => draft.at > backupFinished);
      expect(after.length).toBeGreaterThan(0);
      for (const draft of after) expect(found.has(draft.draftId)).toBe(false);
      expect(drafts.length).toBeLessThanOrEqual(before.length + writtenDuring + 4);
    } finally {
      await database.close();
    }

    // A database a running server has open is not replaced.
    const inUse = await command("restore", restored, ["--from", backupFile]);
    expectOneLineRefusal(inUse, /^restore: refused: .*connector\.db is in use \(a server has it open\): stop the server, then restore; nothing was changed$/);
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
    await second.stop();

    // A damaged copy: a page in the middle overwritten.
    const bytes = readFileSync(backupFile);
    const damaged = Buffer.from(bytes);
    damaged.fill(0x5a, 4096 * 3, 4096 * 5);
    const damagedFile = join(directory, "damaged.db");
    writeFileSync(damagedFile, damaged);
    const elsewhere = join(directory, "elsewhere", "connector.db");
    expectOneLineRefusal(await command("restore", elsewhere, ["--from", damagedFile]), /^restore: refused: .*damaged\.db is damaged: SQLite's integrity check .*; nothing was changed$/);
    expect(existsSync(elsewhere)).toBe(false);
    // Not a SQLite file at all (a truncated download, the wrong file).
    const notSqlite = join(directory, "notes.db");
    writeFileSync(notSqlite, bytes.subarray(100, 5000));
    expectOneLineRefusal(await command("restore", elsewhere, ["--from", notSqlite]), /^restore: refused: .*notes\.db is not a SQLite database .*; nothing was changed$/);
    // A newer version of the service wrote it: a migration this one does not know.
    const newer = join(directory, "newer.db");
    copyFileSync(backupFile, newer);
    const newerDatabase = await createDatabase({ url: newer });
    await sql`insert into kysely_migration (name, timestamp) values ('2999-01-01T00-00-from-a-later-version', '2999-01-01T00:00:00.000Z')`.execute(newerDatabase.db);
    await newerDatabase.close();
    expectOneLineRefusal(
      await command("restore", elsewhere, ["--from", newer]),
      /^restore: refused: .*newer\.db has a newer schema than this version of the service \(migration 2999-01-01T00-00-from-a-later-version is unknown here\): .*; nothing was changed$/,
    );
    expect(existsSync(elsewhere)).toBe(false);
    // The stopped database is restored in place; the one it replaced is kept beside it.
    const inPlace = await command("restore", restored, ["--from", backupFile]);
    expect(inPlace.code).toBe(0);
    expect(inPlace.stdout).toMatch(/The database it replaced is kept as .*connector\.db\.replaced-[\dT:.Z-]+\. Start the server\.\n$/);
  }, 180_000);

  it("sends PostgreSQL to its own tools, in one line", async () => {
    const url = "postgres://postgres@127.0.0.1:5432/not-used";
    expectOneLineRefusal(await command("backup", url, []), /^backup: DATABASE_URL is PostgreSQL: back it up with PostgreSQL's own tools \(pg_dump, .*pg_basebackup/);
    expectOneLineRefusal(await command("restore", url, ["--from", "any.db"]), /^restore: DATABASE_URL is PostgreSQL: restore it with PostgreSQL's own tools \(pg_restore/);
  });
});

describe("scheduled backups' settings", () => {
  const configError = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as Error).message;
    }
    return undefined;
  };

  it("reads the directory, the interval and how many to keep, with the defaults, and none without a directory", () => {
    expect(loadConfig({}).backups).toBeUndefined();
    expect(loadConfig({ BACKUP_DIR: "/var/backups/connector" }).backups).toEqual({ directory: "/var/backups/connector", intervalMinutes: 60, keep: 24 });
    expect(loadConfig({ BACKUP_DIR: "./backups", BACKUP_INTERVAL_MINUTES: "15", BACKUP_KEEP: "96" }).backups).toEqual({ directory: "./backups", intervalMinutes: 15, keep: 96 });
  });

  it("refuses bad values at start, each naming its variable and saying why", () => {
    expect(configError({ BACKUP_DIR: "b", BACKUP_INTERVAL_MINUTES: "often" })).toMatch(/BACKUP_INTERVAL_MINUTES: must be a whole number of minutes/);
    expect(configError({ BACKUP_DIR: "b", BACKUP_INTERVAL_MINUTES: "0" })).toMatch(/BACKUP_INTERVAL_MINUTES: must be at least 1 \(minute\)/);
    expect(configError({ BACKUP_DIR: "b", BACKUP_INTERVAL_MINUTES: "2.5" })).toMatch(/BACKUP_INTERVAL_MINUTES: must be a whole number of minutes/);
    expect(configError({ BACKUP_DIR: "b", BACKUP_KEEP: "0" })).toMatch(/BACKUP_KEEP: must keep at least 1 backup/);
    expect(configError({ BACKUP_KEEP: "3" })).toMatch(/BACKUP_KEEP: needs BACKUP_DIR/);
    expect(configError({ BACKUP_INTERVAL_MINUTES: "30" })).toMatch(/BACKUP_INTERVAL_MINUTES: needs BACKUP_DIR/);
    expect(configError({ BACKUP_DIR: "b", DATABASE_URL: "postgres://db.internal/connector" })).toMatch(/BACKUP_DIR: scheduled backups copy the SQLite database; on PostgreSQL use its own tools \(pg_dump/);
    expect(configError({ BACKUP_DIR: "b", DATABASE_URL: ":memory:" })).toMatch(/BACKUP_DIR: an in-memory database/);
  });
});
