import type { Revocation, RevocationFeed } from "@connector/core/ports";
import { sql } from "kysely";
import pg from "pg";
import type { Database } from "../database/database.js";

/** The PostgreSQL notification channel revocations travel on. */
export const REVOCATION_CHANNEL = "connector_revocations";

export interface PostgresRevocationFeedOptions {
  /** The same database every process uses; notifications are sent through its pool. */
  database: Database;
  /** Its connection string: the listener holds a connection of its own, outside the pool. */
  connectionString: string;
  /** This process's own feed: what it publishes and hears from others reaches its subscribers through it. */
  local: RevocationFeed;
  /** Wait before reconnecting a lost listener (default 1000 ms). */
  reconnectMs?: number;
  /** A failure to notify or to listen; revocation still holds in the database, and caches expire. */
  onError?: (error: unknown) => void;
}

export interface PostgresRevocationFeed extends RevocationFeed {
  /** Resolves once the listener is listening (tests wait for it; the service does not need to). */
  listening(): Promise<void>;
  close(): Promise<void>;
}

interface Notice {
  origin: string;
  revocation: Revocation;
}

function isRevocation(value: unknown): value is Revocation {
  const candidate = value as Partial<Record<string, unknown>> | null;
  return (
    (candidate?.kind === "grant" && typeof candidate.grantId === "string") ||
    (candidate?.kind === "token" && typeof candidate.tokenHash === "string")
  );
}

/**
 * Revocations told to every process on the database through PostgreSQL LISTEN/NOTIFY. `publish`
 * tells this process's subscribers first (so the revoking process bites before it answers), then
 * sends a NOTIFY, which PostgreSQL delivers to every listening process as soon as it commits,
 * normally within milliseconds. Each process listens on a connection of its own and reconnects
 * when it is lost. A notification can be missed (a listener reconnecting, a database restart):
 * then the verified-token cache's own expiry (one second) is the bound, as it was before the feed.
 */
export function createPostgresRevocationFeed(options: PostgresRevocationFeedOptions): PostgresRevocationFeed {
  const origin = globalThis.crypto.randomUUID();
  const reconnectMs = options.reconnectMs ?? 1000;
  const report = options.onError ?? (() => {});
  let client: pg.Client | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let markListening: () => void = () => {};
  let listening = new Promise<void>((resolve) => {
    markListening = resolve;
  });

  function hear(message: pg.Notification): void {
    if (message.channel !== REVOCATION_CHANNEL || message.payload === undefined) return;
    try {
      const notice = JSON.parse(message.payload) as Notice;
      if (notice.origin === origin || !isRevocation(notice.revocation)) return;
      void options.local.publish(notice.revocation);
    } catch (error) {
      report(error);
    }
  }

  function scheduleReconnect(): void {
    if (closed || reconnectTimer !== undefined) return;
    listening = new Promise<void>((resolve) => {
      markListening = resolve;
    });
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void listen();
    }, reconnectMs);
    reconnectTimer.unref();
  }

  async function listen(): Promise<void> {
    const next = new pg.Client({ connectionString: options.connectionString, keepAlive: true });
    client = next;
    next.on("notification", hear);
    next.on("error", (error) => {
      report(error);
      next.end().catch(() => {});
      if (client === next) scheduleReconnect();
    });
    next.on("end", () => {
      if (client === next) scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`listen ${REVOCATION_CHANNEL}`);
      markListening();
    } catch (error) {
      report(error);
      next.end().catch(() => {});
      if (client === next) scheduleReconnect();
    }
  }

  void listen();

  return {
    async publish(revocation) {
      await options.local.publish(revocation);
      const notice: Notice = { origin, revocation };
      try {
        await sql`select pg_notify(${REVOCATION_CHANNEL}, ${JSON.stringify(notice)})`.execute(options.database.db);
      } catch (error) {
        // The revocation is stored; other processes' caches expire on their own.
        report(error);
      }
    },
    subscribe: (listener) => options.local.subscribe(listener),
    listening: () => listening,
    async close() {
      closed = true;
      if (reconnectTimer !== undefined) clearTimeout(reconnectTimer);
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}
