/** How many calls of one connection are kept (and shown): the newest (docs/decisions.md). */
export const ACTIVITY_KEPT_PER_CONNECTION = 50;

/** How long a revoked connection stays listed (with its activity) on the person's Connections page, in days. */
export const REVOKED_CONNECTIONS_KEPT_DAYS = 90;
