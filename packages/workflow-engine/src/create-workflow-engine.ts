import type { UnitOfWork } from "@connector/core";
import type { WorkflowEngine, WorkflowEngineOptions } from "./engine.js";
import { createInProcessEngine } from "./in-process-engine.js";
import { createPgBossEngine } from "./pg-boss-engine.js";

/** pg-boss on PostgreSQL; in-process on the embedded SQLite database (one process owns it). */
export function createWorkflowEngine(
  stores: UnitOfWork,
  database: { dialect: "sqlite" | "postgres"; url: string },
  options: WorkflowEngineOptions & { pollingIntervalSeconds?: number } = {},
): WorkflowEngine {
  return database.dialect === "postgres"
    ? createPgBossEngine(stores, { ...options, connectionString: database.url })
    : createInProcessEngine(stores, options);
}
