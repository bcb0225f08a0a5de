import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../src/index.js";
import { createDatabase } from "../src/node.js";
import SQLite from "better-sqlite3";
import { withStatementCache } from "../src/database/statement-cache.js";

/**
 * The SQLite statement cache reads rows as arrays and builds the objects itself; what Kysely
 * hands back must be exactly what better-sqlite3's own objects would have been.
 */
describe("rows read through the SQLite statement cache", () => {
  let dir: string;
  let database: Database;
  let db: Kysely<any>;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "store-rows-"));
    database = await createDatabase({ url: join(dir, "rows.db") });
    db = database.db as unknown as Kysely<any>;
    await sql`create table things (id text primary key, label text, size integer, note text)`.execute(db);
    await sql`insert into things values ('a', 'first', 1, null), ('b', 'second', 2, 'x')`.execute(db);
  });
  afterEach(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("names every selected column, aliases included, with its value and type", async () => {
    const rows = await db.selectFrom("things").select(["id", "size", "note", "label as name"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "a", size: 1, note: null, name: "first" },
      { id: "b", size: 2, note: "x", name: "second" },
    ]);
    expect(Object.keys(rows[0]!)).toEqual(["id", "size", "note", "name"]);
  });

  it("gives the same rows when the cached statement runs again with other parameters", async () => {
    const byId = (id: string) => db.selectFrom("things").select(["id", "label"]).where("id", "=", id).execute();
    expect(await byId("a")).toEqual([{ id: "a", label: "first" }]);
    expect(await byId("b")).toEqual([{ id: "b", label: "second" }]);
    expect(await byId("c")).toEqual([]);
  });

  it("returns rows from insert … returning and streams them", async () => {
    const inserted = await db.insertInto("things").values({ id: "c", label: "third", size: 3 }).returning(["id", "size"]).execute();
    expect(inserted).toEqual([{ id: "c", size: 3 }]);
    const streamed = [];
    for await (const row of db.selectFrom("things").select(["id"]).orderBy("id").stream()) streamed.push(row);
    expect(streamed).toEqual([{ id: "a" }, { id: "b" }, { id: "c" }]);
  });

  it("follows a schema change under a cached `select *`", async () => {
    const all = () => db.selectFrom("things").selectAll().where("id", "=", "a").execute();
    expect(await all()).toEqual([{ id: "a", label: "first", size: 1, note: null }]);
    await sql`alter table things add column colour text default 'red'`.execute(db);
    expect(await all()).toEqual([{ id: "a", label: "first", size: 1, note: null, colour: "red" }]);
  });

  it("still reports changes and insert ids for writes", async () => {
    const result = await db.updateTable("things").set({ size: 5 }).where("size", "<", 3).executeTakeFirst();
    expect(result.numUpdatedRows).toBe(2n);
  });
});

describe("which statements the SQLite statement cache keeps", () => {
  it("keeps a short statement for the next query of its shape, and compiles a long many-row statement each time", () => {
    const connection = new SQLite(":memory:");
    try {
      connection.exec("create table things (id integer primary key, label text)");
      const cache = withStatementCache(connection);
      const byId = "select label from things where id = ?";
      expect(cache.prepare(byId)).toBe(cache.prepare(byId));
      // 600 rows of values: a slice of a bulk write, whose text changes with its row count.
      const manyRows = `insert into things (id, label) values ${Array.from({ length: 600 }, () => "(?, ?)").join(", ")}`;
      expect(manyRows.length).toBeGreaterThan(4096);
      const first = cache.prepare(manyRows);
      expect(cache.prepare(manyRows)).not.toBe(first);
      // Either way the statement runs.
      first.run(Array.from({ length: 1200 }, (_, index) => (index % 2 === 0 ? index : `label ${index}`)));
      expect(connection.prepare("select count(*) as n from things").get()).toEqual({ n: 600 });
    } finally {
      connection.close();
    }
  });
});

