/** `@connector/core/schemas`: The zod schemas of tool arguments (spec §2.3, §2.4, §2.8, §4.1) and the parsers that apply them. */
export { IDENTIFIER_PATTERN, identifierSchema } from "../schemas/identifier.js";
export { idempotencyKeySchema } from "../schemas/idempotency-key.js";
export {
  createPlacementDraftInputSchema,
  placementAccountItemSchema,
  type CreatePlacementDraftInput,
  type PlacementAccountItem,
} from "../schemas/placement-draft.js";
export {
  CONSUMER_REQUEST_CHANNEL_WORDS,
  CONSUMER_REQUEST_CHANNELS,
  CONSUMER_REQUEST_KINDS,
  type ConsumerRequestChannel,
  createConsumerRequestDraftInputSchema,
  type CreateConsumerRequestDraftInput,
} from "../schemas/consumer-request-draft.js";
export {
  accountIdInputSchema,
  emptyInputSchema,
  getDraftStatusInputSchema,
  listAccountsInputSchema,
  relayApprovedOfferInputSchema,
  type ListAccountsInput,
} from "../schemas/tool-inputs.js";
export { parseArguments, parseShape } from "../schemas/parse-arguments.js";
