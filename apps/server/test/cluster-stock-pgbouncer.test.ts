import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { migrateToLatest, poolerRefusalMessage, refusedStartupParameter, seedDemoData } from "@connector/store";
import { createDatabase } from "@connector/store/node";
import { createSharedTestDatabase, type TestDatabase } from "@connector/store/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const MAIN = join(import.meta.dirname, "../dist/main.js");
const CREATE_USER = join(import.meta.dirname, "../dist/create-user.js");

/** Runs `create-user` with `env` as its whole environment (and PATH); its exit code and output. */
async function createUserCommand(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CREATE_USER, ...args], { env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  const [code] = await once(child, "exit");
  return { code: code as number, stdout, stderr };
}

/** The same database reached through the run's PgBouncer (`test/support/pgbouncer-setup.ts`). */
function throughPgBouncer(url: string): string {
  const bouncer = new URL(process.env.TEST_PGBOUNCER_URL!);
  const moved = new URL(url);
  moved.host = bouncer.host;
  return moved.toString();
}

/**
 * Issue 37, finding 8: PgBouncer as it ships (`ignore_startup_parameters = extra_float_digits` only)
 * refused the pool's `statement_timeout`, and the process stopped with a nested 08P01 naming neither
 * PgBouncer nor the setting. Only in the project "server via PgBouncer", which starts that PgBouncer.
 */
describe.skipIf(process.env.TEST_CLUSTER_VIA !== "pgbouncer")("PgBouncer as it ships", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSharedTestDatabase({ prefix: "stock_pgbouncer_" });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("takes a pool that knows it is behind a pooler, and refuses one that sends session settings, naming the parameter", async () => {
    const pooled = await createDatabase({ url: throughPgBouncer(database.url), pool: { throughPooler: true } });
    try {
      expect((await sql<{ one: number }>`select 1 as one`.execute(pooled.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await pooled.close();
    }
    const unaware = await createDatabase({ url: throughPgBouncer(database.url), pool: { throughPooler: false } });
    try {
      const refused = await sql`select 1`.execute(unaware.db).then(() => undefined, (error: unknown) => error);
      expect(refusedStartupParameter(refused)).toMatch(/^(statement_timeout|idle_in_transaction_session_timeout)$/);
    } finally {
      await unaware.close();
    }
  });

  it("a server started on PgBouncer without saying so stops with one line naming the parameter, PgBouncer's setting and ours", async () => {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, DATABASE_URL: throughPgBouncer(database.url), DATABASE_DIRECT_URL: undefined, DATABASE_URL_POOLED: undefined, BASE_URL: undefined, PORT: "0", LOG_LEVEL: "info", DEMO_SEED: "false" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    const [code] = await once(child, "exit");
    expect(code).toBe(1);
    const fatal = output.split("\n").filter((line) => line.includes("start failed"));
    expect(fatal, output).toHaveLength(1);
    const { msg, parameter } = JSON.parse(fatal[0]!);
    expect(msg).toBe(`start failed: ${poolerRefusalMessage(parameter)}`);
    expect(msg).toMatch(/statement_timeout|idle_in_transaction_session_timeout/);
    expect(msg).toContain("ignore_startup_parameters");
    expect(msg).toContain("DATABASE_DIRECT_URL");
    expect(msg).not.toContain(database.url);
  });

  /**
   * Issue 51, finding 10: with the server's settings (DATABASE_URL the stock PgBouncer, DATABASE_DIRECT_URL
   * PostgreSQL), `create-user` ended "Database migration "unknown" failed." while PgBouncer logged the
   * refused `statement_timeout`: it opened the database its own way. Now it opens and migrates it as the
   * server does, and without those settings says the server's one line.
   */
  it("create-user runs with the server's settings through PgBouncer, and without them says the server's one line", async () => {
    // A desk to add the person to (the demo's), written directly.
    const direct = await createDatabase({ url: database.url });
    try {
      await migrateToLatest(direct);
      await seedDemoData(direct);
    } finally {
      await direct.close();
    }
    const pooled = { DATABASE_URL: throughPgBouncer(database.url), DATABASE_DIRECT_URL: database.url };
    const created = await createUserCommand(pooled, "--email", "pooled@harbor.example", "--password", "pooled-password-1", "--desk", "Harbor Recovery Partners");
    expect(created, created.stderr).toMatchObject({ code: 0 });
    expect(created.stdout).toMatch(/^Created user .* <pooled@harbor\.example>, member of desk/);
    const listed = await createUserCommand({ DATABASE_URL: throughPgBouncer(database.url), DATABASE_URL_POOLED: "true" }, "--list");
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain("pooled@harbor.example");

    const unaware = await createUserCommand({ DATABASE_URL: throughPgBouncer(database.url) }, "--list");
    expect(unaware.code).toBe(1);
    const parameter = /refused the startup parameter (\w+)/.exec(unaware.stderr)?.[1];
    expect(parameter).toMatch(/^(statement_timeout|idle_in_transaction_session_timeout)$/);
    expect(unaware.stderr).toBe(`create-user: ${poolerRefusalMessage(parameter!)}\n`);
    expect(unaware.stderr).not.toContain(database.url);
  });
});
