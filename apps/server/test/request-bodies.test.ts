import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { createTestDatabase, EMBEDDED_TEST_DIALECT, type TestDatabase } from "@connector/store/testing";
import { BrowserSession } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, startCluster } from "../src/cluster/start-cluster.js";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession } from "./support/api-v1-client.js";
import { SERVER_DEMO_TEMPLATE } from "./support/demo-template.js";

/**
 * Spec §8: 64 KiB for every request, and no body read before the session (and, for the upload,
 * the form's CSRF token) is checked. One real server process, its memory read from /proc.
 */
const BOUNDARY = "----probe-boundary";
const MiB = 1024 * 1024;

/** A multipart body like the CSV form's, with `big.count` text fields of `big.bytes` each (multer's default allowed 1 MiB each). */
function multipartBody(fields: Record<string, string>, big: { count: number; bytes: number } | undefined, csv: string): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (let index = 0; index < (big?.count ?? 0); index++) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="note${index}"\r\n\r\n`));
    parts.push(Buffer.alloc(big!.bytes, "a"));
    parts.push(Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`));
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** POSTs `body` (with Content-Length, or chunked when `chunked`); resolves with the status, or 0 when the server cut the upload short. */
function post(url: string, body: Buffer, headers: Record<string, string> = {}, chunked = false): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const req = request(
      target,
      {
        method: "POST",
        headers: {
          "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
          ...(chunked ? {} : { "content-length": String(body.length) }),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        res.on("error", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", () => resolve({ status: 0, text: "" }));
    // Written in 256 KiB pieces, as a browser streams an upload.
    const piece = 256 * 1024;
    for (let offset = 0; offset < body.length; offset += piece) req.write(body.subarray(offset, offset + piece));
    req.end();
  });
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) * 1024;

describe("request bodies on a real server process", () => {
  let database: TestDatabase;
  let cluster: Cluster;
  let url: string;
  let pid: number;
  beforeAll(async () => {
    database = await createTestDatabase(EMBEDDED_TEST_DIALECT, { prefix: "bodies", template: SERVER_DEMO_TEMPLATE });
    cluster = await startCluster({
      processes: 1,
      entry: join(import.meta.dirname, "../dist/main.js"),
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "warn", DEMO_SEED: "true" },
      output: "pipe",
    });
    url = cluster.members[0]!.url;
    pid = cluster.members[0]!.process.pid!;
  });
  afterAll(async () => {
    await cluster?.close();
    await database?.drop();
  });

  /**
   * A cut-off connection (status 0) passes the cases below only if it was the server refusing the
   * upload, not the server dying: the same process must still be there and answer.
   */
  const expectStillServing = async () => {
    const member = cluster.members[0]!;
    expect(member.process.exitCode, "the server process exited").toBeNull();
    expect(member.process.signalCode, "the server process was killed").toBeNull();
    expect(member.process.pid).toBe(pid);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  };

  it("40 concurrent signed-out ~9 MiB uploads to the place screen leave the process's memory where it was", async () => {
    const body = multipartBody({ csrf_token: "x" }, { count: 9, bytes: MiB - 1024 }, "reference,name,amount\nA-1,Ada,1\n");
    // Warm up: the first requests load code and caches that have nothing to do with bodies.
    for (let index = 0; index < 3; index++) await post(`${url}/desk/place/preview`, body.subarray(0, 1024));
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 10);
    const answers = await Promise.all(Array.from({ length: 40 }, () => post(`${url}/desk/place/preview`, body)));
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    // Reading the bodies took this process from about 109 to 484 MiB; now it stays within a few MiB.
    expect((peak - before) / MiB).toBeLessThan(32);
    // Every post is sent to sign-in (303) without its body being read (or cut off while still sending).
    expect(answers.every((answer) => answer.status === 303 || answer.status === 0)).toBe(true);
    expect(answers.some((answer) => answer.status === 303)).toBe(true);
    await expectStillServing();
  }, 120_000);

  it("refuses a declared body over 64 KiB on the API paths before authentication, and closes the connection", async () => {
    const body = Buffer.alloc(9 * MiB, "a");
    for (const path of ["/api/v1/placements", "/api/connectors/v1/desk/tools/list_accounts", "/mcp/desk"]) {
      const answer = await post(`${url}${path}`, body, { "content-type": "application/json" });
      expect([413, 0], path).toContain(answer.status);
      if (answer.status === 413) expect(JSON.parse(answer.text).error.code).toBe("payload_too_large");
    }
    await expectStillServing();
  });

  describe("signed in", () => {
    let session: BrowserSession;
    let cookie: string;
    let token: string;
    beforeAll(async () => {
      session = new BrowserSession(url);
      const signedIn = await session.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
      cookie = signedIn.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
      // The place screen offers its forms once the Desk agreement is accepted (spec §5.3).
      await (await ApiSession.signIn(url, DEMO_USERS.deskOwner)).acceptAgreement();
      const html = await (await session.request("/desk/place")).text();
      token = /action="\/desk\/place\/preview" enctype="multipart\/form-data"[^>]*><input type="hidden" name="csrf_token" value="([^"]+)"/.exec(html)?.[1] ?? "";
      expect(token).not.toBe("");
    });
    const csv = "reference,name,amount\nBODY-1,Ada Body,12\n";

    it("refuses a declared length over 64 KiB with 413 before reading it", async () => {
      const answer = await post(`${url}/desk/place/preview`, multipartBody({ csrf_token: token }, { count: 1, bytes: 70 * 1024 }, csv), { cookie });
      expect([413, 0]).toContain(answer.status);
      if (answer.status === 413) expect(answer.text).toContain("larger than 64 KB");
      await expectStillServing();
    });

    it("refuses a chunked upload whose text field passes 64 KiB (multer's own default was 1 MiB)", async () => {
      const answer = await post(
        `${url}/desk/place/preview`,
        multipartBody({ csrf_token: token }, { count: 1, bytes: 200 * 1024 }, csv),
        { cookie },
        true,
      );
      expect([413, 0]).toContain(answer.status);
      await expectStillServing();
    });

    it("reads the file only after the form's token: without it the form has expired, and with it the preview shows", async () => {
      const refused = await post(`${url}/desk/place/preview`, multipartBody({ csrf_token: "forged" }, undefined, csv), { cookie });
      expect(refused.status).toBe(403);
      expect(refused.text).toContain("This form has expired");
      const shown = await post(`${url}/desk/place/preview`, multipartBody({ csrf_token: token }, undefined, csv), { cookie });
      expect(shown.status).toBe(200);
      expect(shown.text).toContain("Preview: nothing is saved yet");
    });
  });
});
