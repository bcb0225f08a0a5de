/** `@connector/core/escalations`: Escalations to a person, and the skip count of an inventory. */
export {
  createEscalation,
  ESCALATION_NOTICE,
  ESCALATION_REASONS,
  type EscalationReceipt,
  escalationInputSchema,
} from "../escalations/create-escalation.js";
export { type SkipAnswer, type SkipCount, skipInventory } from "../inventory/skip-count.js";
