/**
 * How long a request may wait on PostgreSQL, and how many may wait at once. A slow or lost database
 * then turns into 503s at these bounds instead of an ever longer queue (docs/decisions.md, "Several
 * processes").
 */
export interface PoolBounds {
  /** Connections this process opens at most (default 10). Several processes: size × processes ≤ the server's max_connections. */
  size: number;
  /** Longest wait for a connection, pooled or new, before 503 (default 2000 ms). */
  acquireTimeoutMs: number;
  /** Longest a single statement may run: PostgreSQL cancels it (statement_timeout), and a connection that stays silent a second longer is dropped (default 5000 ms). */
  queryTimeoutMs: number;
  /** Requests allowed to queue for a connection; one more is refused at once with 503 (default 100). */
  maxWaiting: number;
  /**
   * The URL reaches a connection pooler (PgBouncer in transaction pooling, a managed pooler), not
   * PostgreSQL itself: no session settings are sent as startup parameters, which a stock PgBouncer
   * refuses; the silence timer (`queryTimeoutMs` plus a second) still bounds every statement (default false).
   */
  throughPooler: boolean;
}

export const DEFAULT_POOL_BOUNDS: Readonly<PoolBounds> = {
  size: 10,
  acquireTimeoutMs: 2000,
  queryTimeoutMs: 5000,
  maxWaiting: 100,
  throughPooler: false,
};

/** A transaction left open by a frozen process would hold its row locks; PostgreSQL ends it after this. */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;

/** Past the server-side statement timeout, how much longer a silent connection is given before it is dropped. */
export const NETWORK_GRACE_MS = 1000;

/** Error codes of the pool's own refusals, read by the availability mapping. */
export const POOL_QUEUE_FULL = "POOL_QUEUE_FULL";
export const QUERY_READ_TIMEOUT = "QUERY_READ_TIMEOUT";
