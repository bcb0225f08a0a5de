import { buildToolCatalogue, type ToolRuntime } from "@connector/core";
import { createDatabase, createStores, type DemoDataSummary, migrateToLatest, seedDemoData } from "@connector/store";

export interface HostRuntimeOptions {
  /** A SQLite file path (or any URL `@connector/store` opens, PostgreSQL included). */
  databaseUrl: string;
  /** Where this host is reached; tools put it in the links they return. */
  baseUrl: string;
  /** Told of every failure that is not the caller's fault (the host's log). */
  reportError: (error: unknown) => void;
}

export interface HostRuntime {
  runtime: ToolRuntime;
  /** The demo desk and consumer the store seeded: the host's users belong to them. */
  demo: DemoDataSummary;
  close(): Promise<void>;
}

/**
 * Everything a call needs, built once: the database opened and migrated by the store, a small demo world
 * seeded through the store's API (once; a second start finds it), the stores, and core's catalogue.
 */
export async function openHostRuntime(options: HostRuntimeOptions): Promise<HostRuntime> {
  const database = createDatabase({ url: options.databaseUrl });
  try {
    await migrateToLatest(database);
    const demo = await seedDemoData(database);
    const runtime: ToolRuntime = {
      catalogue: buildToolCatalogue(),
      stores: createStores(database),
      baseUrl: options.baseUrl,
      reportError: options.reportError,
    };
    return { runtime, demo, close: () => database.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}
