import { createServer, type Server, type Socket, connect } from "node:net";
import type { AddressInfo } from "node:net";

/** A client→server chunk held back on its way to the database, for a test to decide its fate. */
export interface HeldChunk {
  /** Drops the connection that carried it: PostgreSQL rolls back the open transaction. */
  drop(): void;
  /** Sends it (and whatever followed it) on, and lets the connection flow again. */
  release(): void;
  /** The port the database client connected from (to find which process holds the transaction). */
  clientPort: number;
}

interface Link {
  client: Socket;
  server: Socket;
  /** Text the client sent since its last `begin`, to recognise a transaction's statements. */
  sinceBegin: string;
  /** Chunks held back from the server, in order, while the link is held. */
  held: Buffer[] | undefined;
}

/**
 * A TCP proxy between the server processes and PostgreSQL that a test controls: cut every
 * connection and refuse new ones (the database stopped), restore it, add latency to every chunk
 * (a slow database), or hold back the `commit` of a transaction that wrote a given table (to kill
 * a process mid-transaction). It speaks no protocol: it only looks for SQL text in the bytes.
 */
export class FaultProxy {
  private readonly links = new Set<Link>();
  private server: Server | undefined;
  private latencyMs = 0;
  /** While frozen, chunks wait here and new connections get no answer: a network that drops packets. */
  private frozen: { thawed: Promise<void>; thaw: () => void; waiting: Socket[] } | undefined;
  private commitHold: { marker: string; onHeld: (held: HeldChunk) => void } | undefined;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    const server = createServer((client) => this.accept(client));
    this.server = server;
    // `restore` binds the same port again: if something took it meanwhile, say so instead of an uncaught EADDRINUSE.
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
    this.port = (server.address() as AddressInfo).port;
  }

  /** The database goes away: open connections are cut and new ones refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
    for (const link of this.links) this.destroy(link);
    await closed;
  }

  /** The database is back on the same port. */
  restore(): Promise<void> {
    return this.start();
  }

  /** The database stops answering without closing anything (a partition): bytes and new connections wait. */
  freeze(): void {
    if (this.frozen !== undefined) return;
    let thaw = () => {};
    const thawed = new Promise<void>((resolve) => {
      thaw = resolve;
    });
    this.frozen = { thawed, thaw, waiting: [] };
  }

  /** The network is back: held bytes flow again; connections that arrived meanwhile are dropped (their clients gave up). */
  thaw(): void {
    const frozen = this.frozen;
    this.frozen = undefined;
    if (frozen === undefined) return;
    for (const socket of frozen.waiting) socket.destroy();
    frozen.thaw();
  }

  /** Every chunk in both directions waits this long (0: none). */
  setLatency(ms: number): void {
    this.latencyMs = ms;
  }

  /**
   * The next `commit` on a connection whose transaction sent `marker` (e.g. `insert into
   * "placement_drafts"`) is held back: the database has every statement but not the commit.
   */
  holdCommitAfter(marker: string): Promise<HeldChunk> {
    return new Promise((resolve) => {
      this.commitHold = { marker, onHeld: resolve };
    });
  }

  async close(): Promise<void> {
    this.thaw();
    await this.cut();
  }

  private accept(client: Socket): void {
    if (this.frozen !== undefined) {
      this.frozen.waiting.push(client);
      client.on("error", () => client.destroy());
      return;
    }
    const server = connect(this.targetPort, this.targetHost);
    const link: Link = { client, server, sinceBegin: "", held: undefined };
    this.links.add(link);
    const end = () => this.destroy(link);
    client.on("error", end).on("close", end);
    server.on("error", end).on("close", end);
    this.pipe(client, server, (chunk) => this.inspect(link, chunk));
    this.pipe(server, client, () => true);
  }

  /** Forwards chunks in order, each after the current latency, unless `admit` says hold. */
  private pipe(from: Socket, to: Socket, admit: (chunk: Buffer) => boolean): void {
    let queue = Promise.resolve();
    from.on("data", (chunk: Buffer) => {
      if (!admit(chunk)) return;
      const frozen = this.frozen;
      if (frozen !== undefined) queue = queue.then(() => frozen.thawed);
      const delay = this.latencyMs;
      if (delay === 0) {
        queue = queue.then(() => {
          if (!to.destroyed) to.write(chunk);
        });
        return;
      }
      queue = queue.then(
        () =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              if (!to.destroyed) to.write(chunk);
              resolve();
            }, delay),
          ),
      );
    });
  }

  private inspect(link: Link, chunk: Buffer): boolean {
    if (link.held !== undefined) {
      link.held.push(chunk);
      return false;
    }
    const text = chunk.toString("latin1");
    if (/\bbegin\b/i.test(text)) link.sinceBegin = "";
    link.sinceBegin += text;
    const hold = this.commitHold;
    if (hold !== undefined && /\bcommit\b/i.test(text) && link.sinceBegin.includes(hold.marker)) {
      this.commitHold = undefined;
      link.held = [chunk];
      hold.onHeld({
        clientPort: link.client.remotePort ?? 0,
        drop: () => this.destroy(link),
        release: () => {
          const held = link.held ?? [];
          link.held = undefined;
          for (const waiting of held) if (!link.server.destroyed) link.server.write(waiting);
        },
      });
      return false;
    }
    return true;
  }

  private destroy(link: Link): void {
    link.client.destroy();
    link.server.destroy();
    this.links.delete(link);
  }
}
