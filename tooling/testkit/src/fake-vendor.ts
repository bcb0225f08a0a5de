import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the fake received, as the vendor would see it. */
export interface VendorRequestSeen {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/** What the fake does with the next requests: answer, answer with a status, or never answer in time. */
export type VendorBehaviour =
  | { kind: "json"; status?: number; body: unknown | ((request: VendorRequestSeen) => unknown) }
  | { kind: "text"; status: number; text: string }
  | { kind: "hang"; ms: number };

export interface FakeVendor {
  /** Base URL on loopback, with a trailing slash. */
  url: string;
  requests: VendorRequestSeen[];
  behave(behaviour: VendorBehaviour): void;
  close(): Promise<void>;
}

/**
 * A third-party JSON-over-HTTP service played on loopback: it speaks the real protocol (a POST with
 * a bearer key, JSON in and out) and refuses a wrong key with 401, as a real vendor would. Tests
 * choose what it answers and read what it was sent.
 */
export async function startFakeVendor(expectedKey: string): Promise<FakeVendor> {
  let behaviour: VendorBehaviour = { kind: "text", status: 503, text: "not set up" };
  const requests: VendorRequestSeen[] = [];
  const server: Server = createServer(async (req, res) => {
    const seen: VendorRequestSeen = {
      method: req.method ?? "",
      path: req.url ?? "",
      authorization: req.headers.authorization,
      contentType: req.headers["content-type"],
      body: await readBody(req),
    };
    requests.push(seen);
    if (req.headers.authorization !== `Bearer ${expectedKey}`) {
      res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: "invalid key" }));
      return;
    }
    const current = behaviour;
    if (current.kind === "hang") {
      const timer = setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end("{}"), current.ms);
      res.on("close", () => clearTimeout(timer));
      return;
    }
    if (current.kind === "text") {
      res.writeHead(current.status, { "content-type": "text/plain" }).end(current.text);
      return;
    }
    const body = typeof current.body === "function" ? (current.body as (r: VendorRequestSeen) => unknown)(seen) : current.body;
    res.writeHead(current.status ?? 200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    behave(next) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
