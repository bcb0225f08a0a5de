import { buildToolCatalogue, type ToolRuntime } from "@connector/core";
import { createToolStores, type Database, type DemoDataSummary, migrateToLatest, seedDemoData } from "@connector/store";

export interface HostRuntimeOptions {
  /** Where this host is reached; tools put it in the links they return. */
  baseUrl: string;
  /** Told of every failure that is not the caller's fault (the host's log). */
  reportError: (error: unknown) => void;
}

export interface HostRuntime {
  runtime: ToolRuntime;
  /** The demo desk and consumer the store seeded: the host's users belong to them. */
  demo: DemoDataSummary;
}

/**
 * Everything a call needs, built once on a database the host opened with the driver of its runtime
 * (better-sqlite3 or pg on Node, `bun:sqlite` on Bun, a SQLite inside a Worker): migrated by the store,
 * a small demo world seeded through the store's API (once; a second start finds it), the stores the
 * tools use (`createToolStores`: nothing of the back office), and core's catalogue. The host keeps the
 * database and closes it.
 */
export async function openHostRuntime(database: Database, options: HostRuntimeOptions): Promise<HostRuntime> {
  await migrateToLatest(database);
  const demo = await seedDemoData(database);
  const runtime: ToolRuntime = {
    catalogue: buildToolCatalogue(),
    stores: createToolStores(database),
    baseUrl: options.baseUrl,
    reportError: options.reportError,
  };
  return { runtime, demo };
}
