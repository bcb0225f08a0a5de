/** `@connector/core/tools`: The tool catalogue, its lookup and the one call path (resolveTool, executeTool). */
export {
  buildToolCatalogue,
  TOOL_DEFINITIONS,
  type CatalogueEntry,
  type JsonSchemaObject,
  type ToolCatalogue,
} from "../tools/catalogue.js";
export type { AnyToolDefinition, ToolDefinition } from "../tools/tool-definition.js";
export type { ToolContext } from "../tools/tool-context.js";
export { executeTool, type ToolCall, type ToolRuntime } from "../tools/execute-tool.js";
export { recordToolCall, resultCodeOf } from "../activity/record-tool-call.js";
export { resolveTool } from "../tools/resolve-tool.js";
export { canonicalJson, contentHash } from "../tools/canonical-json.js";
export { IDEMPOTENCY_KEY_RETENTION_MS } from "../tools/idempotent-draft.js";
export { DRAFT_SAVED_NOTICE, DRAFT_STATUS_NOTICE } from "../tools/draft-notice.js";
export { REVIEW_STEPS } from "../tools/shared/review-steps.js";
export {
  accountSchema,
  approvedOfferSchema,
  consumerRequestDraftSchema,
  moneySchema,
  paymentRecordSchema,
  placementDraftSchema,
} from "../tools/output-schemas.js";
