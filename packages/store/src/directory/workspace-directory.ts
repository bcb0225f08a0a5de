import type { Kysely } from "kysely";
import type { AuthDatabase, AuthSchema } from "../auth/auth-schema.js";
import type { Database } from "../database/database.js";

/** What an operator sees of a desk or consumer: names they can recognise, with the people on it. */
export interface DirectoryEntry {
  id: string;
  name: string;
  /** `creditor`, `buyer` or `agency` for a desk; `consumer` otherwise. */
  kind: string;
  /** Emails of its users; a desk's owners first. */
  emails: string[];
}

const authDb = (database: Database): Kysely<AuthDatabase> => database.db.withTables<AuthSchema>();

/** Every desk with its users' emails, owners first, by name. */
export async function listDesks(database: Database): Promise<DirectoryEntry[]> {
  const db = authDb(database);
  const desks = await db.selectFrom("desks").select(["id", "name", "kind"]).orderBy("name").orderBy("id").execute();
  const users = await db
    .selectFrom("users")
    .select(["desk_id", "email", "desk_role"])
    .where("desk_id", "is not", null)
    .orderBy("email")
    .execute();
  return desks.map((desk) => ({
    id: desk.id,
    name: desk.name,
    kind: desk.kind,
    emails: users
      .filter((user) => user.desk_id === desk.id)
      .sort((a, b) => Number(b.desk_role === "owner") - Number(a.desk_role === "owner"))
      .map((user) => user.email),
  }));
}

export async function listConsumers(database: Database): Promise<DirectoryEntry[]> {
  const db = authDb(database);
  const consumers = await db.selectFrom("consumers").select(["id", "display_name"]).orderBy("display_name").orderBy("id").execute();
  const users = await db.selectFrom("users").select(["consumer_id", "email"]).where("consumer_id", "is not", null).orderBy("email").execute();
  return consumers.map((consumer) => ({
    id: consumer.id,
    name: consumer.display_name,
    kind: "consumer",
    emails: users.filter((user) => user.consumer_id === consumer.id).map((user) => user.email),
  }));
}

/**
 * The one entry `term` names: its id, its name (any case), or the email of one of its users.
 * Throws with the candidates when none or several match, so the operator can choose.
 */
export function pickEntry(entries: readonly DirectoryEntry[], term: string, what: "desk" | "consumer"): DirectoryEntry {
  const wanted = term.trim().toLowerCase();
  const matches = entries.filter(
    (entry) => entry.id === wanted || entry.name.toLowerCase() === wanted || entry.emails.includes(wanted),
  );
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0) {
    throw new Error(`No ${what} has the id, name or user email "${term}". Run with --list to see them.`);
  }
  throw new Error(
    `"${term}" names ${matches.length} ${what}s: ${matches.map((entry) => `${entry.name} (${entry.id})`).join(", ")}. Use the id.`,
  );
}
