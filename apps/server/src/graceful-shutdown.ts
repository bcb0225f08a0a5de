import type { Server, ServerResponse } from "node:http";

export interface Drainable {
  /**
   * Stops accepting connections, lets open requests finish (each answered with `Connection: close`),
   * closes keep-alive connections as they fall idle, and resolves when the last one has closed; after
   * `timeoutMs` the remaining connections are cut.
   */
  drain(timeoutMs: number): Promise<void>;
}

/**
 * Graceful shutdown for a Node HTTP server. `server.close()` alone waits for keep-alive
 * connections that a client (or a load balancer) keeps open indefinitely, so open responses are
 * tracked and told to close their connection.
 */
export function drainable(server: Server): Drainable {
  const open = new Set<ServerResponse>();
  let draining = false;
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  };
  server.prependListener("request", (_req, res: ServerResponse) => {
    open.add(res);
    if (draining) closeAfter(res);
    res.once("close", () => {
      open.delete(res);
      if (draining) server.closeIdleConnections();
    });
  });
  return {
    drain(timeoutMs) {
      draining = true;
      for (const res of open) closeAfter(res);
      return new Promise<void>((resolve) => {
        const cut = setTimeout(() => server.closeAllConnections(), timeoutMs);
        cut.unref();
        server.close(() => {
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}

/** True when `work` settles within `ms`; false when it is still pending then (a rejection is thrown). */
export async function settledWithin(work: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
