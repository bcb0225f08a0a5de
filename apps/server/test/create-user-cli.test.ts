import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { createUser, verifyPassword } from "@connector/auth";
import { newId } from "@connector/core/domain";
import { createAuthStores, migrateToLatest, seedDemoData } from "@connector/store";
import { createDatabase } from "@connector/store/node";
import { createTestDatabase, EMBEDDED_TEST_DIALECT, TEST_DIALECTS, type TestDatabase } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCreateUserCommand } from "../src/create-user-command.js";

const execute = promisify(execFile);

const CLI = join(import.meta.dirname, "../dist/create-user.js");

/** The operator's command as an operator runs it, the built file in a process of its own: its exit code, and what it printed. */
const runProcess = (databaseUrl: string, args: string[]) =>
  execute(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl } }).then(
    (result) => ({ ...result, code: 0 }),
    (error) => error as { stdout: string; stderr: string; code: number },
  );

/**
 * The same command in this process, with the same arguments and environment: what it prints and its exit code
 * come from the one function the process runs. A process start (Node, the command's modules, the driver) cost a
 * second or more per case on a loaded machine; the cases that check what only a process shows start one.
 */
const runCli = (databaseUrl: string, args: string[]) => runCreateUserCommand(args, { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl });

describe("the create-user command", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(EMBEDDED_TEST_DIALECT);
    const open = await createDatabase({ url: database.url });
    await migrateToLatest(open);
    const demo = await seedDemoData(open);
    await createUser({
      stores: createAuthStores(open),
      email: "boss@harbor.example",
      password: "boss-password-1",
      displayName: "Boss",
      deskId: demo.deskId,
      deskRole: "owner",
    });
    await open.close();
  });
  afterAll(async () => {
    await database?.drop();
  });

  const cli = (...args: string[]) => runCli(database.url, args);
  const cliProcess = (...args: string[]) => runProcess(database.url, args);

  it("sets a new password for someone who forgot theirs, and signs them out everywhere", async () => {
    const open = await createDatabase({ url: database.url });
    const stores = createAuthStores(open);
    try {
      const boss = (await stores.users.findByEmail("boss@harbor.example"))!;
      await stores.sessions.create({ sessionId: "s-reset", secretHash: "h-reset", userId: boss.userId, createdAt: "2026-11-28T00:00:00.000Z", expiresAt: "2099-01-01T00:00:00.000Z" });
      const result = await cli("--reset-password", "--email", "Boss@Harbor.example", "--password", "a-new-password-2");
      expect(result.code).toBe(0);
      expect(result.stdout).toContain("Set a new password for <Boss@Harbor.example>");
      expect(result.stdout).not.toContain("a-new-password-2");
      const after = (await stores.users.findByEmail("boss@harbor.example"))!;
      expect(await verifyPassword("a-new-password-2", after.passwordHash)).toBe(true);
      expect(await verifyPassword("boss-password-1", after.passwordHash)).toBe(false);
      expect(await stores.sessions.findActive("h-reset", "2026-11-28T01:00:00.000Z")).toBeUndefined();
      const unknown = await cli("--reset-password", "--email", "nobody@harbor.example", "--password", "a-new-password-2");
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe("create-user: No one signs in with that email.\n");
      const short = await cli("--reset-password", "--email", "boss@harbor.example", "--password", "short");
      expect(short.stderr).toContain("The password must be 8 to 256 characters long.");
    } finally {
      await open.close();
    }
  });

  it("prints its usage for --help and exits 0", async () => {
    const result = await cliProcess("--help");
    expect(result.stdout).toContain("usage:");
    expect(result.stdout).toContain("--list");
    expect(result.code).toBe(0);
  });

  it("lists desks and consumers with ids, names and their users' emails", async () => {
    const { stdout } = await cli("--list");
    expect(stdout).toMatch(/Desks:\n.*Harbor Recovery Partners \(agency\)\s+boss@harbor\.example/);
    expect(stdout).toContain("Northwind Consumer Lending (creditor)");
    expect(stdout).toMatch(/Consumers:\n.*Jordan Ellis \(consumer\)/);
  });

  it("creates users on a desk named by its name or by its owner's email, and a consumer by name", async () => {
    const byName = await cli("--email", "ann@harbor.example", "--password", "ann-password-1", "--desk", "harbor recovery partners");
    expect(byName.stdout).toMatch(/Created user .* <ann@harbor\.example>, member of desk/);
    const byEmail = await cli("--email", "ben@harbor.example", "--password", "ben-password-1", "--desk", "boss@harbor.example", "--role", "owner");
    expect(byEmail.stdout).toMatch(/owner of desk/);
    const consumer = await cli("--email", "jordan@resolve.example", "--password", "jordan-password", "--consumer", "Jordan Ellis");
    expect(consumer.stdout).toMatch(/consumer /);
    const { stdout } = await cli("--list");
    expect(stdout).toMatch(/Harbor Recovery Partners \(agency\)\s+ben@harbor\.example, boss@harbor\.example, ann@harbor\.example/);
  });

  it("says what is wrong, without a stack, for an unknown desk: one line on stderr and exit code 1 from the process", async () => {
    const result = await cliProcess("--email", "x@y.example", "--password", "x-password-1", "--desk", "Nowhere Desk");
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('create-user: No desk has the id, name or user email "Nowhere Desk". Run with --list to see them.\n');
  });
});

/**
 * Issue 51, finding 8: `--email` stored an ANSI escape sequence and `--list` printed it raw into the
 * operator's terminal; `--reset-password` took `\x01` and `\x1b`. Core's one control-character rule now
 * refuses them where a person's email, name and password are set, and the command shows any it prints.
 */
describe.each(TEST_DIALECTS)("the create-user command and control characters, on %s", (dialect) => {
  let database: TestDatabase;
  let deskId: string;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { prefix: "create_user_controls" });
    const open = await createDatabase({ url: database.url });
    await migrateToLatest(open);
    deskId = (await seedDemoData(open)).deskId;
    // Stored before the rule: a name holding an escape sequence (straight into the store).
    await createAuthStores(open).users.create({
      userId: newId(Date.now()),
      email: "old\u001b[2j@harbor.example",
      passwordHash: "not-a-hash",
      displayName: "Old \u001b[31mRed",
      deskId,
      deskRole: "member",
      consumerId: null,
      createdAt: new Date().toISOString(),
    });
    await open.close();
  });
  afterAll(async () => {
    await database?.drop();
  });

  const cli = (...args: string[]) => runCli(database.url, args);

  it("refuses an email, a name or a password holding a control character, and stores nothing", async () => {
    const withEscape = await cli("--email", "eve\u001b[31m@harbor.example", "--password", "eve-password-1", "--desk", deskId);
    expect(withEscape.code).toBe(1);
    expect(withEscape.stderr).toBe("create-user: Enter a valid email address.\n");
    const named = await cli("--email", "eve@harbor.example", "--password", "eve-password-1", "--name", "Eve\u0007", "--desk", deskId);
    expect(named.code).toBe(1);
    expect(named.stderr).toContain("no control character");
    for (const password of ["pass\u0001word-1", "pass\u001bword-1", "pass\u2028word-1"]) {
      const reset = await cli("--reset-password", "--email", "boss@harbor.example", "--password", password);
      expect(reset.code, JSON.stringify(password)).toBe(1);
      expect(reset.stderr).toBe("create-user: The password must not hold a control character (such as ESC or a line break).\n");
    }
    expect((await cli("--list")).stdout).not.toContain("eve");
  });

  it("prints what it lists and what it was given with control characters shown, never sent to the terminal", async () => {
    const { stdout } = await cli("--list");
    expect(stdout).not.toContain("\u001b");
    expect(stdout).toContain("old\\u001b[2j@harbor.example");
    const unknown = await cli("--email", "x@y.example", "--password", "x-password-1", "--desk", "Nowhere\u001b[2J");
    expect(unknown.stderr).toBe('create-user: No desk has the id, name or user email "Nowhere\\u001b[2J". Run with --list to see them.\n');
  });
});
