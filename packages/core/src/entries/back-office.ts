/** `@connector/core/back-office`: Review and approval of drafts, the Desk agreement, legacy placements and Account Workflow, written against the store ports. */
export type {
  ActorVia,
  BackOfficeActor,
  ConsumerActor,
  DeskActor,
} from "../back-office/back-office-actor.js";
export { assertConsumerActor, assertDeskActor, assertSignedInOwner } from "../back-office/back-office-actor.js";
export type { BackOfficeDeps } from "../back-office/back-office-deps.js";
export { DESK_AGREEMENT, type DeskAgreement } from "../back-office/desk-agreement.js";
export { DESK_KINDS, type DeskKind } from "../back-office/desk-view.js";
export {
  acceptDeskAgreement,
  getDeskAgreementStatus,
  type DeskAgreementStatus,
} from "../back-office/desk-agreement-operations.js";
export { approvePlacementDraft, type ApprovalResult } from "../back-office/approve-placement-draft.js";
export { reviewDraft, type ReviewAction, type ReviewResult } from "../back-office/review-draft.js";
export {
  COPY_NOTICE,
  consumerRequestText,
  copyConsumerRequest,
  type CopiedRequest,
} from "../back-office/copy-consumer-request.js";
export {
  DRAFTS_LISTED,
  getDraftDetail,
  listConsumerDrafts,
  listDeskDrafts,
  type DraftDetail,
} from "../back-office/draft-queries.js";
export { batchError } from "../back-office/batch-error.js";
export {
  MAX_PLACEMENT_AMOUNT,
  MAX_PLACEMENT_ROWS,
  PLACEMENT_COLUMNS,
  placementRowSchema,
  validatePlacementRows,
  type PlacementRowInput,
  type ValidPlacementRow,
} from "../legacy/placement-rows.js";
export {
  listPlacements,
  placeAccounts,
  type PlaceAccountsInput,
  type PlaceAccountsResult,
} from "../legacy/place-accounts.js";
export { queueAccountWorkflow } from "../workflow/queue-account-workflow.js";
export {
  cancelWorkflowRun,
  listWorkflowEvents,
  listWorkflowRuns,
  startAccountWorkflow,
} from "../workflow/workflow-operations.js";
export {
  ACCOUNT_WORKFLOW_STEPS,
  MAX_RUN_ATTEMPTS,
  executeWorkflowRun,
  type WorkflowRunOutcome,
  type WorkflowWorker,
} from "../workflow/execute-workflow-run.js";
