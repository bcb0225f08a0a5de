import { createHash } from "node:crypto";
import { checkDatabase, createAuthStores, createStores, migrateToLatest, seedDemoData } from "@connector/store";
import { createDatabase } from "@connector/store/node";
import { createSharedTestDatabase } from "@connector/store/testing";

export interface StepCost {
  step: string;
  cpuMicros: number;
  wallMicros: number;
}

/** Runs `call` `calls` times, 16 at once (the HTTP load's concurrency); this process's CPU and the wall time per call. */
async function measure(step: string, call: () => Promise<unknown>, calls = 4000): Promise<StepCost> {
  for (let warm = 0; warm < 300; warm++) await call();
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next++ < calls) await call();
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  return { step, cpuMicros: (cpu.user + cpu.system) / calls, wallMicros: ((performance.now() - started) * 1000) / calls };
}

/**
 * Each database step of a connector call on PostgreSQL, alone: the round trip itself (`select 1`),
 * the token lookup a cache miss makes (one joined statement), a lease take (one upsert, once per
 * lease), and the list_accounts page (21 rows). Shows where a call's database time goes.
 */
export async function measurePostgresSteps(): Promise<StepCost[]> {
  const testDatabase = await createSharedTestDatabase({ prefix: "bench_steps_" });
  const database = await createDatabase({ url: testDatabase.url });
  try {
    await migrateToLatest(database);
    await seedDemoData(database);
    const stores = createStores(database);
    const auth = createAuthStores(database);
    const { desk_id: deskId } = await database.db.selectFrom("accounts").select("desk_id").executeTakeFirstOrThrow();
    const unknownHash = createHash("sha256").update("bench").digest("hex");
    const window = new Date().toISOString();
    return [
      await measure("round trip (select 1)", () => checkDatabase(database)),
      await measure("token lookup on a cache miss", () => auth.tokens.findByHash(unknownHash)),
      await measure("lease take (one per lease)", () =>
        stores.counterLeases.take({ key: "per-grant:bench", windowStart: window, wanted: 100, limit: 2_000_000_000, settled: 100, now: Date.now() }),
      ),
      await measure("list_accounts page (21 rows)", () => stores.accounts.listAccounts(deskId, { limit: 20 })),
    ];
  } finally {
    await database.close();
    await testDatabase.drop();
  }
}
