/** `@connector/core/workflow`: Account Workflow: queueing, starting, running and cancelling runs, and their events. */
export {
  ACCOUNT_WORKFLOW_STEPS,
  executeWorkflowRun,
  executeWorkflowRuns,
  MAX_RUN_ATTEMPTS,
  type WorkflowBatchOutcome,
  type WorkflowRunOutcome,
  type WorkflowWorker,
} from "../workflow/execute-workflow-run.js";
export { queueAccountWorkflow } from "../workflow/queue-account-workflow.js";
export {
  accountReferences,
  cancelWorkflowRun,
  listWorkflowEvents,
  listWorkflowEventsNewestFirst,
  listWorkflowRuns,
  startAccountWorkflow,
} from "../workflow/workflow-operations.js";
