import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface MetadataDocumentServer {
  /** `https://127.0.0.1:<port>` */
  origin: string;
  /** The self-signed certificate (PEM) the authorization server is told to trust. */
  certificate: string;
  /** How many requests each path has had. */
  hits: Map<string, number>;
  /** Answers `path` with `handler` from now on. */
  route(path: string, handler: (res: ServerResponse) => void): string;
  close(): Promise<void>;
}

/**
 * A client's metadata host, as a real HTTPS server on loopback. Its certificate is generated for
 * this run with the system's openssl (self-signed, for 127.0.0.1 and localhost, valid one day)
 * and trusted by the authorization server through its test-only `trustedCertificates` setting:
 * the fetch is real TLS, with nothing in Node's trust store changed.
 */
export async function startMetadataDocumentServer(): Promise<MetadataDocumentServer> {
  const dir = mkdtempSync(join(tmpdir(), "cimd-cert-"));
  try {
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=localhost"]
        .concat(["-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")]),
      { stdio: "ignore" },
    );
    const key = readFileSync(join(dir, "key.pem"), "utf8");
    const certificate = readFileSync(join(dir, "cert.pem"), "utf8");
    const routes = new Map<string, (res: ServerResponse) => void>();
    const hits = new Map<string, number>();
    const server: Server = createServer({ key, cert: certificate }, (req, res) => {
      const path = req.url ?? "/";
      hits.set(path, (hits.get(path) ?? 0) + 1);
      const handler = routes.get(path);
      if (handler === undefined) {
        res.statusCode = 404;
        res.end();
        return;
      }
      handler(res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      origin,
      certificate,
      hits,
      route(path, handler) {
        routes.set(path, handler);
        return `${origin}${path}`;
      },
      async close() {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Serves `document` as JSON with the given cache policy. */
export const serveJson =
  (document: unknown, cacheControl = "max-age=60") =>
  (res: ServerResponse) => {
    res.setHeader("content-type", "application/json");
    res.setHeader("cache-control", cacheControl);
    res.end(JSON.stringify(document));
  };
