/** `@connector/core/limits`: The fixed-window limit rule behind every limit of the service. */
export {
  CONNECTOR_RATE_LIMIT,
  countInFixedWindow,
  type FixedWindowDecision,
  type FixedWindowLimit,
} from "../limits/fixed-window.js";
export { ACTIVITY_KEPT_PER_CONNECTION, REVOKED_CONNECTIONS_KEPT_DAYS } from "../activity/activity-limits.js";
