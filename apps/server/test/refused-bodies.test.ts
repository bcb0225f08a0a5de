import { request } from "node:http";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { TEST_DIALECTS } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession, callWithBearer } from "./support/api-v1-client.js";
import { startTestService, type TestService } from "./support/test-service.js";

/** Sends `body` with Content-Length, or chunked (no length) when `chunked`; the status and the parsed answer. */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: Buffer,
  chunked = false,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; json: any }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, headers: { ...headers, ...(chunked ? {} : { "content-length": String(body.length) }) } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json });
        });
      },
    );
    req.on("error", reject);
    // Written in two pieces, so a chunked body really arrives in chunks.
    req.write(body.subarray(0, body.length >> 1));
    req.end(body.subarray(body.length >> 1));
  });
}

/**
 * Issue 51, findings 1 and 2: an upload's part sent with `Content-Encoding` was inflated (97 bytes of
 * gzip stored as a 64 KiB part) and data that did not inflate answered 500; an unknown coding was told
 * to "send UTF-8 JSON" at a door that takes raw bytes. And `/oauth/token` and `/oauth/revoke` answered
 * 500 to a form over 64 KiB. Now every body reader refuses a coding with 415 in words for any door, and
 * "too large" is 413 at every reader, OAuth's included.
 */
describe.each(TEST_DIALECTS)("bodies a door does not take, on %s", (dialect) => {
  let service: TestService;
  let key: string;
  beforeAll(async () => {
    service = await startTestService(dialect);
    const owner = await (await ApiSession.signIn(service.baseUrl, DEMO_USERS.deskOwner)).acceptAgreement();
    key = (await owner.call("POST", "/keys", { name: "encodings" })).body.key;
  });
  afterAll(async () => {
    await service?.close();
  });

  const part = Buffer.from("reference,name,amount,currency\nENC-1,Account Holder,100,USD\n");

  it("refuses an upload's part sent compressed (valid or not, any coding) with 415 in the part's words, and stores none", async () => {
    const begun = await callWithBearer(service.baseUrl, key, "POST", "/placements/uploads", { size: part.length });
    expect(begun.status).toBe(201);
    const url = `${service.baseUrl}/api/v1/placements/uploads/${begun.body.uploadId}/chunks/0`;
    const put = (encoding: string, body: Buffer) =>
      send(url, "PUT", { authorization: `Bearer ${key}`, "content-type": "application/octet-stream", "content-encoding": encoding }, body);
    const sent = [
      ["gzip", part], // not compressed at all: zlib's Z_DATA_ERROR was a 500
      ["deflate", part],
      ["br", part],
      ["gzip", gzipSync(part)], // valid: was inflated and stored
      ["deflate", deflateSync(part)],
      ["br", brotliCompressSync(part)],
      ["x-unknown", part], // was "Send the body as UTF-8 JSON"
    ] as const;
    for (const [encoding, body] of sent) {
      const answer = await put(encoding, body);
      expect(answer.status, encoding).toBe(415);
      expect(answer.json.error.code).toBe("unsupported_media_type");
      expect(answer.json.error.message).toBe("Send the body uncompressed (no Content-Encoding).");
    }
    expect((await callWithBearer(service.baseUrl, key, "GET", `/placements/uploads/${begun.body.uploadId}`)).body).toMatchObject({ receivedBytes: 0 });
    // The same bytes as sent are taken.
    expect((await put("identity", part)).status).toBe(200);
  });

  it("refuses a compressed CSV or JSON body at /api/v1 with the same 415", async () => {
    for (const [type, body] of [
      ["text/csv", gzipSync(part)],
      ["application/json", gzipSync(Buffer.from(JSON.stringify({ accounts: [] })))],
    ] as const) {
      const answer = await send(`${service.baseUrl}/api/v1/placements?dryRun=1`, "POST", { authorization: `Bearer ${key}`, "content-type": type, "content-encoding": "gzip" }, body);
      expect(answer.status, type).toBe(415);
      expect(answer.json.error.message).toBe("Send the body uncompressed (no Content-Encoding).");
    }
  });

  it("answers a form over 64 KiB at /oauth/token and /oauth/revoke with 413 in OAuth's terms, chunked or not; 64 KiB itself is read", async () => {
    const form = (bytes: number) => {
      const start = "grant_type=authorization_code&code=";
      return Buffer.from(start + "a".repeat(bytes - start.length));
    };
    for (const path of ["/oauth/token", "/oauth/revoke"]) {
      for (const chunked of [false, true]) {
        const answer = await send(`${service.baseUrl}${path}`, "POST", { "content-type": "application/x-www-form-urlencoded" }, form(65_537), chunked);
        expect(answer.status, `${path} chunked=${chunked}`).toBe(413);
        expect(answer.json.error).toBe("invalid_request");
        expect(answer.headers["cache-control"]).toBe("no-store");
      }
      const within = await send(`${service.baseUrl}${path}`, "POST", { "content-type": "application/x-www-form-urlencoded" }, form(65_536));
      // Read and refused for what it says (no client): the usual 400 or 401, not the limit.
      expect([400, 401], path).toContain(within.status);
      const compressed = await send(`${service.baseUrl}${path}`, "POST", { "content-type": "application/x-www-form-urlencoded", "content-encoding": "gzip" }, gzipSync(form(100)));
      expect(compressed.status, path).toBe(415);
      expect(compressed.json.error).toBe("invalid_request");
    }
    // Registration's JSON too: a body too large is 413, not a metadata problem.
    const registration = await send(`${service.baseUrl}/oauth/register`, "POST", { "content-type": "application/json" }, Buffer.from(JSON.stringify({ client_name: "x".repeat(70_000) })));
    expect(registration.status).toBe(413);
  });
});
