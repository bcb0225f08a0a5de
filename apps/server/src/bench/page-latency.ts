import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildToolCatalogue, type ConnectorPrincipal, executeTool, resolveTool } from "@connector/core";
import { newId } from "@connector/core/domain";
import { bulkInsertAccounts, createStores, migrateToLatest } from "@connector/store";
import { createDatabase } from "@connector/store/node";

export interface PageLatency {
  accounts: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * list_accounts through core's handler path on a desk of `accounts` rows (SQLite), starting
 * from cursors spread over the whole desk, so deep pages are measured as much as the first.
 */
export async function measurePageLatency(accounts: number, pages = 3000): Promise<PageLatency> {
  const dir = mkdtempSync(join(tmpdir(), "bench-pages-"));
  const database = await createDatabase({ url: join(dir, "bench.db") });
  try {
    await migrateToLatest(database);
    const deskId = newId();
    await database.db.insertInto("desks").values({ id: deskId, name: "Bench desk", kind: "agency", created_at: new Date().toISOString() }).execute();
    await bulkInsertAccounts(database, deskId, accounts);
    const cursors = (
      await database.db.selectFrom("accounts").select("id").where("desk_id", "=", deskId).orderBy("id").execute()
    )
      .filter((_row, index) => index % Math.max(1, Math.floor(accounts / 500)) === 0)
      .map((row) => row.id);

    const runtime = { catalogue: buildToolCatalogue(), stores: createStores(database), baseUrl: "http://bench" };
    const principal: ConnectorPrincipal = { grantId: newId(), clientId: "bench", userId: newId(), workspace: "desk", scopes: ["desk:read"], deskId };
    const tool = resolveTool(runtime.catalogue, "desk", "list_accounts");
    const call = (cursor: string) => executeTool(runtime, { tool, arguments: { limit: 50, cursor }, principal });

    for (let index = 0; index < 200; index++) await call(cursors[index % cursors.length]!);
    const samples: number[] = [];
    for (let index = 0; index < pages; index++) {
      const started = process.hrtime.bigint();
      await call(cursors[(index * 7919) % cursors.length]!);
      samples.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    samples.sort((a, b) => a - b);
    return {
      accounts,
      p50Ms: samples[Math.floor(samples.length * 0.5)]!,
      p99Ms: samples[Math.floor(samples.length * 0.99)]!,
    };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
