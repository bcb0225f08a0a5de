import type { Database } from "../database/database.js";

/** Account Workflow runs by state, for the operator's gauges (no desk, account or person named). */
export interface WorkflowBacklog {
  queued: number;
  running: number;
  failed: number;
  /** When the longest-waiting queued run was queued (ISO 8601); undefined when none waits. */
  oldestQueuedAt: string | undefined;
}

/**
 * One grouped count over `workflow_runs` (its status index) and the oldest queued time. Read when
 * the metrics are scraped, so the numbers are the database's, shared by every process.
 */
export async function readWorkflowBacklog(database: Database): Promise<WorkflowBacklog> {
  const rows = await database.db
    .selectFrom("workflow_runs")
    .select(({ fn }) => ["status", fn.countAll<number | string>().as("runs"), fn.min("queued_at").as("oldest")])
    .where("status", "in", ["queued", "running", "failed"])
    .groupBy("status")
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.runs ?? 0);
  return {
    queued: count("queued"),
    running: count("running"),
    failed: count("failed"),
    oldestQueuedAt: rows.find((row) => row.status === "queued")?.oldest ?? undefined,
  };
}
