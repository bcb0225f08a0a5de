/**
 * The operators' command for people who sign in (issue 3 §1, issue 10 §4). Run `create-user --help`.
 * The database is the server's, opened and migrated exactly as the server does (`server-database.ts`:
 * `DATABASE_URL`, `DATABASE_URL_POOLED`, `DATABASE_DIRECT_URL`, the pool settings, the start-up lock).
 */
import { parseArgs } from "node:util";
import { createUser, resetPassword } from "@connector/auth";
import type { DeskRole } from "@connector/core/domain";
import { showControlCharacters } from "@connector/core/guard";
import {
  createAuthStores,
  type Database,
  type DirectoryEntry,
  listConsumers,
  listDesks,
  pickEntry,
  poolerRefusalMessage,
  refusedStartupParameter,
} from "@connector/store";
import { loadConfig } from "./config.js";
import { migrateServerDatabase, openServerDatabase } from "./server-database.js";

const USAGE = `usage:
  create-user --email <email> --password <password> [--name <display name>]
              (--desk <desk> [--role owner|member] | --consumer <consumer>)
  create-user --reset-password --email <email> --password <new password>
  create-user --list
  create-user --help

  --desk       the desk's id, its name, or the email of one of its users (e.g. its owner)
  --consumer   the consumer's id, name, or the email of their user
  --role       owner or member of the desk (default member)
  --name       the person's display name (default: the part of the email before @)
  --list       list desks and consumers with their ids and users' emails
  --reset-password  set a new password for the person with this email (after they forgot theirs:
               the service sends no messages) and sign them out everywhere
  (--desk-id and --consumer-id are accepted as before)

The database is the server's: DATABASE_URL (default ./data/connector.db), with DATABASE_URL_POOLED
and DATABASE_DIRECT_URL when DATABASE_URL is a connection pooler (PgBouncer), as the server reads them.
`;

type Command =
  | { kind: "help" }
  | { kind: "list" }
  | { kind: "reset"; email: string; password: string }
  | {
      kind: "create";
      email: string;
      password: string;
      displayName: string;
      desk: string | undefined;
      deskRole: DeskRole | undefined;
      consumer: string | undefined;
    };

function readCommand(args: string[]): Command {
  const { values } = parseArgs({
    args,
    options: {
      help: { type: "boolean", short: "h" },
      list: { type: "boolean" },
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      desk: { type: "string" },
      "desk-id": { type: "string" },
      consumer: { type: "string" },
      "consumer-id": { type: "string" },
      role: { type: "string" },
      "reset-password": { type: "boolean" },
    },
    strict: true,
  });
  if (values.help) return { kind: "help" };
  if (values.list) return { kind: "list" };
  if (values["reset-password"]) {
    if (!values.email || !values.password) throw new Error(USAGE);
    return { kind: "reset", email: values.email, password: values.password };
  }
  const desk = values.desk ?? values["desk-id"];
  const consumer = values.consumer ?? values["consumer-id"];
  if (!values.email || !values.password || (desk === undefined) === (consumer === undefined)) throw new Error(USAGE);
  if (values.role !== undefined && values.role !== "owner" && values.role !== "member") {
    throw new Error("--role must be owner or member");
  }
  return {
    kind: "create",
    email: values.email,
    password: values.password,
    displayName: values.name ?? values.email.split("@")[0] ?? values.email,
    desk,
    deskRole: values.role as DeskRole | undefined,
    consumer,
  };
}

/**
 * What the command prints, each line's control characters shown as `\uXXXX` (core's rule): a name or
 * email stored before the rule, or a term typed here, cannot send the operator's terminal an escape sequence.
 */
const printable = (text: string) => text.split("\n").map(showControlCharacters).join("\n");

function describeEntries(title: string, entries: readonly DirectoryEntry[]): string {
  const lines = entries.map(
    (entry) => `  ${entry.id}  ${entry.name} (${entry.kind})${entry.emails.length === 0 ? "" : `  ${entry.emails.join(", ")}`}`,
  );
  return `${title}:\n${lines.length === 0 ? "  (none)" : lines.join("\n")}\n`;
}

async function run(database: Database, command: Exclude<Command, { kind: "help" }>): Promise<string> {
  if (command.kind === "list") {
    return `${describeEntries("Desks", await listDesks(database))}${describeEntries("Consumers", await listConsumers(database))}`;
  }
  if (command.kind === "reset") {
    await resetPassword({ stores: createAuthStores(database), email: command.email, password: command.password });
    return `Set a new password for <${command.email}> and ended their sessions. Their connected apps keep working.
`;
  }
  const { desk, consumer, ...person } = command;
  const deskId = desk === undefined ? undefined : pickEntry(await listDesks(database), desk, "desk").id;
  const consumerId = consumer === undefined ? undefined : pickEntry(await listConsumers(database), consumer, "consumer").id;
  const user = await createUser({
    stores: createAuthStores(database),
    ...person,
    ...(deskId === undefined ? {} : { deskId }),
    ...(consumerId === undefined ? {} : { consumerId }),
  });
  const subject = user.deskId === null ? `consumer ${user.consumerId}` : `${user.deskRole} of desk ${user.deskId}`;
  return `Created user ${user.userId} <${user.email}>, ${subject}.\n`;
}

/** What one run of the command printed, and its exit code. */
export interface CreateUserOutcome {
  code: 0 | 1;
  stdout: string;
  stderr: string;
}

/**
 * The command, from its arguments and environment to what it prints and its exit code. `create-user.ts` runs it
 * with the process's own and writes the result; tests run it in-process too (one process start per case cost most
 * of their time), and start the built command itself for what only a process shows.
 */
export async function runCreateUserCommand(args: string[], env: NodeJS.ProcessEnv): Promise<CreateUserOutcome> {
  try {
    const command = readCommand(args);
    if (command.kind === "help") return { code: 0, stdout: USAGE, stderr: "" };
    // Opened and migrated exactly as the server does (a pooler, a direct address, the start-up lock).
    const config = loadConfig(env);
    const database = await openServerDatabase(config);
    try {
      await migrateServerDatabase(database, config, async () => undefined);
      return { code: 0, stdout: printable(await run(database, command)), stderr: "" };
    } finally {
      await database.close();
    }
  } catch (error: unknown) {
    // Validation problems are the person's to fix: print the message, not a stack. A pooler refusing what
    // the pool sends at connect gets the server's one line, naming the parameter and the settings.
    const parameter = refusedStartupParameter(error);
    const message = parameter !== undefined ? poolerRefusalMessage(parameter) : error instanceof Error ? error.message : String(error);
    return { code: 1, stdout: "", stderr: `create-user: ${printable(message)}\n` };
  }
}
