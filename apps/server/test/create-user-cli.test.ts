import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { createUser } from "@connector/auth";
import { createAuthStores, migrateToLatest, seedDemoData } from "@connector/store";
import { createDatabase } from "@connector/store/node";
import { createTestDatabase, EMBEDDED_TEST_DIALECT, type TestDatabase } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const execute = promisify(execFile);
const CLI = join(import.meta.dirname, "../dist/create-user.js");

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

  const cli = (...args: string[]) =>
    execute(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? "", DATABASE_URL: database.url } }).then(
      (result) => ({ ...result, code: 0 }),
      (error) => error as { stdout: string; stderr: string; code: number },
    );

  it("prints its usage for --help and exits 0", async () => {
    const result = await cli("--help");
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

  // Four processes, each hashing a password with scrypt: on a busy 2-core machine that has taken over 30 s.
  it("creates users on a desk named by its name or by its owner's email, and a consumer by name", async () => {
    const byName = await cli("--email", "ann@harbor.example", "--password", "ann-password-1", "--desk", "harbor recovery partners");
    expect(byName.stdout).toMatch(/Created user .* <ann@harbor\.example>, member of desk/);
    const byEmail = await cli("--email", "ben@harbor.example", "--password", "ben-password-1", "--desk", "boss@harbor.example", "--role", "owner");
    expect(byEmail.stdout).toMatch(/owner of desk/);
    const consumer = await cli("--email", "jordan@resolve.example", "--password", "jordan-password", "--consumer", "Jordan Ellis");
    expect(consumer.stdout).toMatch(/consumer /);
    const { stdout } = await cli("--list");
    expect(stdout).toMatch(/Harbor Recovery Partners \(agency\)\s+ben@harbor\.example, boss@harbor\.example, ann@harbor\.example/);
  }, 120_000);

  it("says what is wrong, without a stack, for an unknown desk", async () => {
    const result = await cli("--email", "x@y.example", "--password", "x-password-1", "--desk", "Nowhere Desk");
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('create-user: No desk has the id, name or user email "Nowhere Desk". Run with --list to see them.\n');
  });
});
