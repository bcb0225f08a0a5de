import type { UnitOfWork } from "@connector/core";
import type { WorkflowEngine, WorkflowEngineOptions } from "./engine.js";
import { createInProcessEngine } from "./in-process-engine.js";
import { createPgBossEngine } from "./pg-boss-engine.js";

/**
 * pg-boss when several processes share the database (PostgreSQL: its `url`, a direct session for
 * LISTEN); in-process when one process owns it (the embedded SQLite file), where `url` is unused.
 */
export function createWorkflowEngine(
  stores: UnitOfWork,
  database: { sharedByProcesses: boolean; url: string },
  options: WorkflowEngineOptions & { pollingIntervalSeconds?: number } = {},
): WorkflowEngine {
  return database.sharedByProcesses
    ? createPgBossEngine(stores, { ...options, connectionString: database.url })
    : createInProcessEngine(stores, options);
}
