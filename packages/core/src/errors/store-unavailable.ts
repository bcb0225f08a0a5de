/** The stable code of a store that cannot reach its database. */
export const STORE_UNAVAILABLE = "store_unavailable";

/**
 * Raised by a store implementation when its database cannot be reached (refused, gone, locked).
 * It carries no HTTP status or headers: the host decides how to answer (the HTTP layer sends 503
 * with Retry-After). Recognised by its `code`, not by class, so copies of core in one process agree.
 */
export class StoreUnavailableError extends Error {
  readonly code = STORE_UNAVAILABLE;

  constructor(message = "The store cannot reach its database.", options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreUnavailableError";
  }
}

export function isStoreUnavailable(value: unknown): boolean {
  return (value as { code?: unknown } | null)?.code === STORE_UNAVAILABLE;
}
