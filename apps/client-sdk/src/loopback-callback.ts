import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface LoopbackCallbackOptions {
  /** Port on 127.0.0.1; default 8765. `0` picks a free one (the redirect URI then changes every run). */
  port?: number;
  /** Path of the redirect URI; default `/callback`. */
  path?: string;
}

/** A redirect endpoint on this machine for a command-line or desktop app (RFC 8252 §7.3). */
export interface LoopbackCallback {
  /** `http://127.0.0.1:<port>/callback`: give it to `ConnectorAuth` as `redirectUri`. */
  readonly redirectUri: string;
  /**
   * The URL the person's browser comes back to after the consent page (with `code`, `state` and `iss`, or
   * `error`): pass it to `auth.handleCallback()` or `provider.checkCallback()`, which check it.
   */
  next(): Promise<URL>;
  /** Stops listening. */
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 for the browser's return from the consent page: what a program that runs on the
 * person's own machine uses as its redirect URI. Plain `http://` is accepted for a loopback address only.
 * The browser tab shows a short page saying it may be closed. Node only: import it from
 * `@connector/client/loopback-callback`.
 */
export async function startLoopbackCallback(options: LoopbackCallbackOptions = {}): Promise<LoopbackCallback> {
  const path = options.path ?? "/callback";
  const waiting: Array<(url: URL) => void> = [];
  const arrived: URL[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== path) {
      response.writeHead(404).end();
      return;
    }
    const refused = url.searchParams.get("error");
    response.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
    response.end(refused === null ? "Connected. You can close this tab." : `The connection was not made (${refused}). You can close this tab.`);
    const full = new URL(`${redirectUri}${url.search}`);
    const resolve = waiting.shift();
    if (resolve === undefined) arrived.push(full);
    else resolve(full);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 8765, "127.0.0.1", () => resolve());
  });
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return {
    redirectUri,
    next: () => {
      const ready = arrived.shift();
      return ready === undefined ? new Promise<URL>((resolve) => waiting.push(resolve)) : Promise.resolve(ready);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
