export { DEFAULT_LEASE_MS, type JobBacklog, type WorkflowEngine, type WorkflowEngineOptions } from "./engine.js";
export { createInProcessEngine } from "./in-process-engine.js";
export { ACCOUNT_WORKFLOW_QUEUE, createPgBossEngine, type PgBossEngineOptions } from "./pg-boss-engine.js";
export { retiredSchemaName } from "./retire-older-pg-boss-schema.js";
export { createWorkflowEngine } from "./create-workflow-engine.js";
export { createPlacementJobRunner, type PlacementJobHost, type PlacementJobRunnerOptions } from "./placement-job-runner.js";
