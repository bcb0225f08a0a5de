import type { CaseStatus } from "@connector/core/domain";
import { describe, expect, it } from "vitest";
import { preparedQuery, type SlotFor } from "../src/database/prepared-query.js";
import { TEST_DIALECTS } from "../src/testing/index.js";
import { useDatabase } from "./support/database-fixture.js";

describe.each(TEST_DIALECTS)("prepared queries on %s", (dialect) => {
  const fixture = useDatabase(dialect, { seed: true });

  const deskPage = () =>
    preparedQuery(fixture.database.db, (slot: SlotFor<{ deskId: string; status: CaseStatus; rows: number }>) =>
      fixture.database.db
        .selectFrom("accounts")
        .select(["id", "case_status"])
        .where("desk_id", "=", slot("deskId"))
        .where("case_status", "=", slot("status"))
        .where("currency", "=", "USD")
        .orderBy("id")
        .limit(slot("rows")),
    );

  it("fills the slots with each run's values and keeps fixed values", async () => {
    const deskIds = { harbor: fixture.demo.deskId, northwind: fixture.demo.otherDeskId };
    const page = deskPage();
    for (const [deskId, status, rows] of [
      [deskIds.harbor, "active", 5],
      [deskIds.northwind, "closed", 3],
      [deskIds.harbor, "closed", 50],
    ] as const) {
      const expected = await fixture.database.db
        .selectFrom("accounts")
        .select(["id", "case_status"])
        .where("desk_id", "=", deskId)
        .where("case_status", "=", status)
        .where("currency", "=", "USD")
        .orderBy("id")
        .limit(rows)
        .execute();
      expect(expected.length).toBeGreaterThan(0);
      expect(await page({ deskId, status, rows })).toEqual(expected);
    }
  });

  it("runs inside a transaction and sees its uncommitted rows", async () => {
    const deskIds = { harbor: fixture.demo.deskId, northwind: fixture.demo.otherDeskId };
    const count = async () => (await deskPage()({ deskId: deskIds.northwind, status: "active", rows: 1000 })).length;
    const before = await count();
    await expect(
      fixture.database.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("accounts")
          .set({ case_status: "active" })
          .where("desk_id", "=", deskIds.northwind)
          .execute();
        const inside = preparedQuery(trx, (slot: SlotFor<{ deskId: string }>) =>
          trx.selectFrom("accounts").select("id").where("desk_id", "=", slot("deskId")).where("case_status", "=", "active"),
        );
        expect((await inside({ deskId: deskIds.northwind })).length).toBe(20);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await count()).toBe(before);
  });
});

describe("prepared queries without a value", () => {
  const fixture = useDatabase("sqlite");

  it("refuse to run rather than bind NULL and match nothing", async () => {
    const byDesk = preparedQuery(fixture.database.db, (slot: SlotFor<{ deskId: string }>) =>
      fixture.database.db.selectFrom("accounts").select("id").where("desk_id", "=", slot("deskId")),
    );
    await expect(byDesk({} as { deskId: string })).rejects.toThrow('no value for its slot "deskId"');
  });
});
