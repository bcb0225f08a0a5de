import pg from "pg";
import {
  IDLE_IN_TRANSACTION_TIMEOUT_MS,
  NETWORK_GRACE_MS,
  POOL_QUEUE_FULL,
  type PoolBounds,
  QUERY_READ_TIMEOUT,
} from "./pool-bounds.js";

function codedError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * A pg client whose promise queries give up when the server stays silent past the statement timeout
 * plus a grace period (a dropped network, a stopped host): the socket is destroyed, so the query
 * fails at once and the pool discards the client instead of lending out a connection that still
 * waits for an answer. Queries that are merely slow are cancelled by PostgreSQL's own
 * statement_timeout first and leave a usable connection.
 */
function timedClientClass(silenceLimitMs: number, sent: StatementCount): typeof pg.Client {
  return class TimedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // A connection that dies while checked out (between a transaction's statements) emits 'error'
      // with no listener attached (pg-pool listens only while the client is idle), which would end
      // the process. The statement in progress, or the next one, fails on its own and the pool
      // discards the client on release, so the event itself needs no handling.
      this.on("error", () => {});
    }

    override query(...args: unknown[]): any {
      sent.statements += 1;
      const [text, values, callback] = args;
      // Kysely calls query(text, values) and awaits the promise; other shapes (callbacks, submittables) pass untouched.
      if (typeof text !== "string" || callback !== undefined || typeof values === "function") {
        return (super.query as (...a: unknown[]) => unknown)(...args);
      }
      const pending = (super.query as (...a: unknown[]) => Promise<unknown>)(text, values);
      let timer: NodeJS.Timeout | undefined;
      const silence = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          (this as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
          reject(codedError(QUERY_READ_TIMEOUT, `The database did not answer within ${silenceLimitMs} ms.`));
        }, silenceLimitMs);
      });
      // The query's own rejection after the socket is destroyed is expected and already reported.
      pending.catch(() => {});
      return Promise.race([pending, silence]).finally(() => clearTimeout(timer));
    }
  } as typeof pg.Client;
}

/**
 * A pg pool with every wait bounded: at most `size` connections; a connection within
 * `acquireTimeoutMs` (pg-pool's connectionTimeoutMillis covers both the queue and a new connect);
 * at most `maxWaiting` queued borrowers, the next refused at once; statements cancelled by the
 * server after `queryTimeoutMs` (not through a pooler), and a silent connection dropped shortly after.
 */
/** Statements the pool's clients sent (BEGIN and COMMIT included): what a benchmark divides by calls. */
export interface StatementCount {
  statements: number;
}

export function boundedPostgresPool(
  connectionString: string,
  bounds: PoolBounds,
  types: pg.CustomTypesConfig,
  sent: StatementCount = { statements: 0 },
): pg.Pool {
  class BoundedPool extends pg.Pool {
    override connect(...args: unknown[]): any {
      if (args.length === 0 && this.waitingCount >= bounds.maxWaiting) {
        return Promise.reject(codedError(POOL_QUEUE_FULL, `${this.waitingCount} requests already wait for a database connection.`));
      }
      return (super.connect as (...a: unknown[]) => unknown)(...args);
    }
  }
  return new BoundedPool({
    connectionString,
    types,
    max: bounds.size,
    connectionTimeoutMillis: bounds.acquireTimeoutMs,
    // Session settings travel as startup parameters, which only PostgreSQL itself takes: a pooler
    // refuses them unless its operator listed them as ignored (issue 37).
    ...(bounds.throughPooler
      ? {}
      : { statement_timeout: bounds.queryTimeoutMs, idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS }),
    keepAlive: true,
    Client: timedClientClass(bounds.queryTimeoutMs + NETWORK_GRACE_MS, sent),
  } as pg.PoolConfig);
}
