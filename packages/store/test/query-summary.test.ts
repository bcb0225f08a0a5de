import { type Compilable, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from "kysely";
import { describe, expect, it } from "vitest";
import { summarizeQuery } from "../src/database/query-summary.js";

/** Kysely compiling for each dialect, with no database behind it (any tables: the summary reads the text alone). */
const compilers = {
  sqlite: new Kysely<any>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<any>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

const PERSONAL = ["Morgan Tracewell", "morgan@example.com", "123-45-6789", "HRP-000123"];

describe.each(Object.entries(compilers))("a statement's summary (%s)", (_dialect, db) => {
  const summary = (query: Compilable<unknown>) => summarizeQuery(query.compile().sql);

  it("names the operation and the table of a select, an insert, an update and a delete", () => {
    expect(summary(db.selectFrom("accounts").select(["id", "debtor_name"]).where("debtor_name", "=", PERSONAL[0]!))).toEqual({
      operation: "SELECT",
      tables: ["accounts"],
      summary: "SELECT accounts",
    });
    const insert = db
      .insertInto("idempotency_records")
      .values({ key: PERSONAL[1]!, response_json: "{}" })
      .onConflict((conflict) => conflict.column("key").doUpdateSet({ response_json: PERSONAL[2]! }));
    expect(summary(insert)).toMatchObject({ operation: "INSERT", tables: ["idempotency_records"] });
    expect(summary(db.updateTable("accounts").set({ case_status: "closed" }).where("reference", "=", PERSONAL[3]!))).toMatchObject({
      summary: "UPDATE accounts",
    });
    expect(summary(db.deleteFrom("sessions").where("id", "in", db.selectFrom("users").select("id")))).toEqual({
      operation: "DELETE",
      tables: ["sessions", "users"],
      summary: "DELETE sessions users",
    });
  });

  it("names every table of a join, and none of a function in FROM", () => {
    const joined = db.selectFrom("accounts as a").innerJoin("desks as d", "d.id", "a.desk_id").leftJoin("payment_records as p", "p.account_id", "a.id").selectAll("a");
    expect(summary(joined)).toEqual({ operation: "SELECT", tables: ["accounts", "desks", "payment_records"], summary: "SELECT accounts desks payment_records" });
    expect(summarizeQuery("select value from json_each(?) where value = ?").tables).toEqual([]);
  });

  it("takes a common table expression's statement as the operation", () => {
    const withCte = db.with("recent", (cte) => cte.selectFrom("accounts").select("id")).deleteFrom("sessions").where("id", "in", db.selectFrom("recent").select("id"));
    expect(summary(withCte).operation).toBe("DELETE");
  });

  it("never carries a value, whether bound or written into the text", () => {
    const written = sql`select * from accounts where debtor_name = ${sql.lit(PERSONAL[0]!)} and reference = ${sql.lit(PERSONAL[3]!)}`;
    const { summary: text } = summarizeQuery(written.compile(db).sql);
    expect(text).toBe("SELECT accounts");
    for (const query of [db.selectFrom("accounts").selectAll().where("debtor_email", "=", PERSONAL[1]!)]) {
      expect(PERSONAL.some((value) => JSON.stringify(summary(query)).includes(value))).toBe(false);
    }
  });
});

describe("a statement the store writes by hand", () => {
  it("keeps schemas and reads transactions, DDL and anything unrecognised", () => {
    expect(summarizeQuery('select * from "pgboss"."job" where id = $1').tables).toEqual(["pgboss.job"]);
    expect(summarizeQuery("begin")).toEqual({ operation: "BEGIN", tables: [], summary: "BEGIN" });
    expect(summarizeQuery("create table if not exists accounts (id text)").summary).toBe("CREATE accounts");
    expect(summarizeQuery("drop table if exists old_things").summary).toBe("DROP old_things");
    expect(summarizeQuery("insert into a select * from b").summary).toBe("INSERT a b");
    expect(summarizeQuery("select 1").summary).toBe("SELECT");
    expect(summarizeQuery("-- nothing")).toEqual({ operation: undefined, tables: [], summary: undefined });
  });
});
