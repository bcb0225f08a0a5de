/** `@connector/core/tools`: The tool catalogue, its lookup and the one call path (resolveTool, executeTool). */

export { recordToolCall, resultCodeOf } from "../activity/record-tool-call.js";
export { canonicalJson, contentHash } from "../tools/canonical-json.js";
export {
  buildToolCatalogue,
  type CatalogueEntry,
  type JsonSchemaObject,
  TOOL_DEFINITIONS,
  type ToolCatalogue,
} from "../tools/catalogue.js";
export { CONNECTOR_CONTRACT_VERSION } from "../tools/contract-version.js";
export { executeTool, type ToolCall, type ToolRuntime } from "../tools/execute-tool.js";
export {
  accountSchema,
  approvedOfferSchema,
  consumerRequestDraftSchema,
  moneySchema,
  paymentRecordSchema,
  placementDraftSchema,
} from "../tools/output-schemas.js";
export { resolveTool } from "../tools/resolve-tool.js";
export { toolsGrantedTo } from "../tools/granted-tools.js";
export { REVIEW_STEPS } from "../tools/shared/review-steps.js";
export type { ToolContext } from "../tools/tool-context.js";
export type { AnyToolDefinition, ToolDefinition } from "../tools/tool-definition.js";
