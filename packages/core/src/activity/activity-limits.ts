/** How many calls of one connection are kept (and shown): the newest (docs/decisions.md). */
export const ACTIVITY_KEPT_PER_CONNECTION = 50;
