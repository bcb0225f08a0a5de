/**
 * Creates a person who can sign in and connect an agent (issue 3 §1).
 *
 *   node dist/create-user.js --email owner@desk.example --password '…' --desk-id <uuid> --role owner
 *   node dist/create-user.js --email me@example.com --password '…' --consumer-id <uuid>
 *
 * Flags: --email, --password, --name (display name; defaults to the email's local part), and
 * either --desk-id with --role owner|member (default member) or --consumer-id.
 * The database is the server's (`DATABASE_URL`, read and defaulted by config.ts like the server
 * reads it); it is migrated first.
 */
import { parseArgs } from "node:util";
import { createUser } from "@connector/auth";
import type { DeskRole } from "@connector/core";
import { createAuthStores, createDatabase, type Database, migrateToLatest } from "@connector/store";
import { loadConfig } from "./config.js";

const USAGE =
  "usage: create-user --email <email> --password <password> [--name <display name>] " +
  "(--desk-id <id> [--role owner|member] | --consumer-id <id>)";

function readFlags() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      "desk-id": { type: "string" },
      "consumer-id": { type: "string" },
      role: { type: "string" },
    },
    strict: true,
  });
  if (!values.email || !values.password) throw new Error(USAGE);
  if (values.role !== undefined && values.role !== "owner" && values.role !== "member") {
    throw new Error("--role must be owner or member");
  }
  return {
    email: values.email,
    password: values.password,
    displayName: values.name ?? values.email.split("@")[0] ?? values.email,
    deskId: values["desk-id"],
    deskRole: values.role as DeskRole | undefined,
    consumerId: values["consumer-id"],
  };
}

/** Names the missing desk or consumer instead of letting the database report a foreign key. */
async function assertWorkspaceExists(database: Database, flags: { deskId?: string; consumerId?: string }) {
  const { deskId, consumerId } = flags;
  if (deskId !== undefined) {
    const desk = await database.db.selectFrom("desks").select("id").where("id", "=", deskId).executeTakeFirst();
    if (desk === undefined) throw new Error(`There is no desk with id ${deskId}.`);
  }
  if (consumerId !== undefined) {
    const consumer = await database.db.selectFrom("consumers").select("id").where("id", "=", consumerId).executeTakeFirst();
    if (consumer === undefined) throw new Error(`There is no consumer with id ${consumerId}.`);
  }
}

async function main(): Promise<void> {
  const flags = readFlags();
  const database = createDatabase({ url: loadConfig().databaseUrl });
  try {
    await migrateToLatest(database);
    await assertWorkspaceExists(database, flags);
    const user = await createUser({ stores: createAuthStores(database), ...flags });
    const subject = user.deskId === null ? `consumer ${user.consumerId}` : `${user.deskRole} of desk ${user.deskId}`;
    process.stdout.write(`Created user ${user.userId} <${user.email}>, ${subject}.\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  // Validation problems are the person's to fix: print the message, not a stack.
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`create-user: ${message}\n`);
  process.exitCode = 1;
});
