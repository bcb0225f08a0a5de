import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import type { LoadResult } from "./http-load.js";

const run = promisify(execFile);
const autocannonPath = createRequire(import.meta.url).resolve("autocannon");

/** What the DPoP load's process needs to sign a fresh proof for every request. */
export interface DpopLoadKey {
  accessToken: string;
  /** The private key as a JWK (ES256): the load process signs with it, the server never sees it. */
  privateJwk: JsonWebKey;
  publicJwk: JsonWebKey;
  /** The service's current DPoP nonce (good for 5 to 10 minutes: asked anew before each round). */
  nonce: () => Promise<string>;
}

/**
 * The load process: autocannon's programmatic API (its command line sends one fixed set of headers, and a
 * DPoP proof may be sent only once), signing a new proof in `setupRequest` for each request with Node's
 * synchronous ECDSA (`ieee-p1363`: the JWS form). Its CPU is its own: the server's per-request CPU is read
 * in this process, as for the other targets.
 */
const LOADER = `
const [autocannonPath, url, body, accessToken, privateJwk, publicJwk, nonce, seconds, connections] = process.argv.slice(1);
const { createHash, createPrivateKey, randomBytes, sign } = await import("node:crypto");
const autocannon = (await import("node:module")).createRequire(autocannonPath)(autocannonPath);
const key = createPrivateKey({ key: JSON.parse(privateJwk), format: "jwk" });
const { kty, crv, x, y } = JSON.parse(publicJwk);
const b64 = (value) => Buffer.from(value).toString("base64url");
const header = b64(JSON.stringify({ typ: "dpop+jwt", alg: "ES256", jwk: { kty, crv, x, y } }));
const ath = createHash("sha256").update(accessToken).digest("base64url");
const htu = new URL(url);
const prefix = randomBytes(8).toString("base64url");
let count = 0;
const proof = () => {
  const payload = b64(JSON.stringify({ jti: prefix + (count++).toString(36), htm: "POST", htu: htu.origin + htu.pathname, iat: Math.floor(Date.now() / 1000), ath, nonce }));
  const input = header + "." + payload;
  return input + "." + sign("sha256", Buffer.from(input), { key, dsaEncoding: "ieee-p1363" }).toString("base64url");
};
const result = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  method: "POST",
  body,
  headers: { "content-type": "application/json", authorization: "DPoP " + accessToken },
  requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, dpop: proof() } }) }],
});
process.stdout.write(JSON.stringify({ average: result.requests.average, total: result.requests.total, p99: result.latency.p99, non2xx: result.non2xx }));
`;

/** Closed-loop load like `postLoad`, each request with `Authorization: DPoP` and a proof of its own. */
export async function dpopPostLoad(url: string, body: string, dpop: DpopLoadKey, seconds: number, connections = 16, statementsSent?: () => number): Promise<LoadResult> {
  const nonce = await dpop.nonce();
  const statementsBefore = statementsSent?.() ?? Number.NaN;
  const cpuBefore = process.cpuUsage();
  const { stdout } = await run(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      LOADER,
      autocannonPath,
      url,
      body,
      dpop.accessToken,
      JSON.stringify(dpop.privateJwk),
      JSON.stringify(dpop.publicJwk),
      nonce,
      String(seconds),
      String(connections),
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const cpu = process.cpuUsage(cpuBefore);
  const statements = (statementsSent?.() ?? Number.NaN) - statementsBefore;
  const result = JSON.parse(stdout) as { average: number; total: number; p99: number; non2xx: number };
  return {
    requestsPerSecond: result.average,
    p99Ms: result.p99,
    non2xx: result.non2xx,
    cpuMicrosPerRequest: (cpu.user + cpu.system) / result.total,
    statementsPerRequest: statements / result.total,
    calls: result.total,
  };
}
