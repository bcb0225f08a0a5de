import { Agent, createServer, type IncomingHttpHeaders, type IncomingMessage, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Larger than any request the service accepts (64 KiB), so the service, not the proxy, answers 413. */
const MAX_BODY_BYTES = 1024 * 1024;

/** RFC 9110 §7.6.1: connection-specific fields a proxy must not forward. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"]);

export interface RoundRobinProxy {
  /** `http://host:port` of the proxy: the BASE_URL every member is given. */
  readonly url: string;
  /** Replaces the members requests go to (`http://127.0.0.1:port` each). */
  setTargets(targets: readonly string[]): void;
  close(): Promise<void>;
}

export interface RoundRobinProxyOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  targets?: readonly string[];
}

function stripHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify({ error: { code, message } }));
}

/**
 * The small load balancer of `start:cluster`, the fault suite, the soak and the benchmark: each
 * request goes to the next member in turn. Like nginx's default `proxy_next_upstream error`, a
 * request moves on to the next member only when a member refuses the connection (nothing was
 * sent, so nothing can be done twice); any other failure is a 502. Bodies are read whole first
 * (capped at 1 MiB) so a refused attempt can be replayed. Production uses a real load balancer
 * (README, "Several processes").
 */
export async function startRoundRobinProxy(options: RoundRobinProxyOptions = {}): Promise<RoundRobinProxy> {
  const host = options.host ?? "127.0.0.1";
  let targets: URL[] = (options.targets ?? []).map((target) => new URL(target));
  let next = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });

  function forward(req: IncomingMessage, res: ServerResponse, body: Buffer, attempt: number): void {
    const target = targets[next++ % Math.max(targets.length, 1)];
    if (target === undefined) {
      sendError(res, 502, "bad_gateway", "No server process is running behind the proxy.");
      return;
    }
    const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
    const upstream = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: {
          ...stripHopByHop(req.headers),
          "content-length": String(body.length),
          "x-forwarded-for": forwardedFor,
          "x-forwarded-proto": "http",
          "x-forwarded-host": req.headers.host ?? "",
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, stripHopByHop(answer.headers));
        answer.pipe(res);
        answer.on("error", () => res.destroy());
      },
    );
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" && attempt + 1 < targets.length) {
        forward(req, res, body, attempt + 1);
        return;
      }
      sendError(res, 502, "bad_gateway", "The server process did not answer.");
    });
    upstream.end(body);
  }

  const server = createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      if (body === undefined) {
        sendError(res, 413, "payload_too_large", "The request body is too large.");
        return;
      }
      forward(req, res, body, 0);
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    setTargets(list) {
      targets = list.map((target) => new URL(target));
    },
    close() {
      agent.destroy();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
