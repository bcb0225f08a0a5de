import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface AgentCallback {
  /** `http://127.0.0.1:<port>/callback`: register it as the client's redirect URI. */
  url: string;
  close(): Promise<void>;
}

/**
 * An agent's own redirect endpoint on loopback (RFC 8252 §7.3), on another origin than the service,
 * as a desktop or command-line app runs one. It answers every request; `onRequest` sees each.
 */
export async function startAgentCallback(onRequest?: (url: URL) => void): Promise<AgentCallback> {
  let base = "";
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    res.end("Connected. You can close this tab.");
    onRequest?.(new URL(req.url!, base));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/callback`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
