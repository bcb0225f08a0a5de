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

/** A desk of `accounts` rows in its own SQLite file, and one list_accounts call on it through core's handler path. */
interface PageDesk {
  accounts: number;
  /** One page (limit 50) from the desk's next cursor; resolves to its latency in ms. */
  timedPage(): Promise<number>;
  close(): Promise<void>;
}

async function openPageDesk(accounts: number): Promise<PageDesk> {
  const dir = mkdtempSync(join(tmpdir(), "bench-pages-"));
  const database = await createDatabase({ url: join(dir, "bench.db") });
  await migrateToLatest(database);
  const deskId = newId();
  await database.db.insertInto("desks").values({ id: deskId, name: "Bench desk", kind: "agency", created_at: new Date().toISOString() }).execute();
  await bulkInsertAccounts(database, deskId, accounts);
  // Cursors spread over the whole desk, so deep pages are measured as much as the first.
  const cursors = (await database.db.selectFrom("accounts").select("id").where("desk_id", "=", deskId).orderBy("id").execute())
    .filter((_row, index) => index % Math.max(1, Math.floor(accounts / 500)) === 0)
    .map((row) => row.id);

  const runtime = { catalogue: buildToolCatalogue(), stores: createStores(database), baseUrl: "http://bench" };
  const principal: ConnectorPrincipal = { grantId: newId(), clientId: "bench", userId: newId(), workspace: "desk", scopes: ["desk:read"], deskId };
  const tool = resolveTool(runtime.catalogue, "desk", "list_accounts");
  let next = 0;
  return {
    accounts,
    async timedPage() {
      const cursor = cursors[(next++ * 7919) % cursors.length]!;
      const started = process.hrtime.bigint();
      await executeTool(runtime, { tool, arguments: { limit: 50, cursor }, principal });
      return Number(process.hrtime.bigint() - started) / 1e6;
    },
    async close() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const percentile = (sorted: readonly number[], share: number) => sorted[Math.floor(sorted.length * share)]!;

/**
 * list_accounts page latency on desks of each size in `sizes`, through core's handler path (SQLite).
 * The desks take turns, `pagesPerTurn` pages each, as the HTTP targets take turns in rounds: a slow
 * spell of the machine then falls on every desk alike, and their ratio stays meaningful.
 */
export async function measurePageLatencies(sizes: readonly number[], turns = 12, pagesPerTurn = 250): Promise<PageLatency[]> {
  const desks: PageDesk[] = [];
  try {
    for (const accounts of sizes) desks.push(await openPageDesk(accounts));
    // Unrecorded pages first, so no recorded one pays for the JIT's first compilation.
    for (const desk of desks) for (let page = 0; page < 200; page++) await desk.timedPage();
    const samples = desks.map((): number[] => []);
    for (let turn = 0; turn < turns; turn++) {
      for (const [index, desk] of desks.entries()) for (let page = 0; page < pagesPerTurn; page++) samples[index]!.push(await desk.timedPage());
    }
    return desks.map((desk, index) => {
      const sorted = samples[index]!.sort((a, b) => a - b);
      return { accounts: desk.accounts, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99) };
    });
  } finally {
    for (const desk of desks) await desk.close();
  }
}
