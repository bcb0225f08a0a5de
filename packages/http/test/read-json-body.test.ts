import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { isServiceError } from "@connector/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJsonBody } from "../src/index.js";

/** A loopback server that answers what readJsonBody made of the request: the value, or the error's status and code. */
let server: Server;
let port: number;
const LIMIT = 1024;
/** What the server made of each request, including ones whose client is gone before the answer. */
const outcomes: string[] = [];

beforeAll(async () => {
  server = createServer(async (req, res) => {
    try {
      const body = await readJsonBody(req, { limit: LIMIT });
      outcomes.push("read");
      res.end(JSON.stringify({ body: body === undefined ? "(none)" : body }));
    } catch (error) {
      outcomes.push(isServiceError(error) ? error.code : "unexpected");
      res.statusCode = isServiceError(error) ? error.status : 500;
      res.end(JSON.stringify({ code: isServiceError(error) ? error.code : "unexpected", message: (error as Error).message }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Sends the body as the given chunks (chunked transfer unless a Content-Length is set). */
function send(headers: Record<string, string>, chunks: (string | Buffer)[]): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method: "POST", path: "/", headers }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, json: JSON.parse(text) }));
    });
    req.on("error", reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}
const json = { "content-type": "application/json" };

describe("readJsonBody", () => {
  it("reads a JSON object, also split across chunks inside a multi-byte character", async () => {
    expect(await send(json, ['{"limit":', "20}"])).toEqual({ status: 200, json: { body: { limit: 20 } } });
    const bytes = Buffer.from('{"name":"Zoë Ōkubo"}', "utf8");
    const cut = bytes.indexOf(0xc3) + 1;
    const split = await send({ "content-type": "application/json; charset=UTF-8" }, [bytes.subarray(0, cut), bytes.subarray(cut)]);
    expect(split.json.body).toEqual({ name: "Zoë Ōkubo" });
  });

  it("reads arrays, skips a byte order mark, and gives an empty body as undefined", async () => {
    expect((await send(json, ["[1,2]"])).json.body).toEqual([1, 2]);
    expect((await send(json, ['\uFEFF{"a":1}'])).json.body).toEqual({ a: 1 });
    expect((await send(json, [])).json.body).toBe("(none)");
  });

  it("takes a request with no body and no Content-Type as the empty body, not as 415", async () => {
    expect(await send({}, [])).toEqual({ status: 200, json: { body: "(none)" } });
    expect(await send({ "content-length": "0" }, [])).toEqual({ status: 200, json: { body: "(none)" } });
    // A body that is there must still say it is JSON.
    expect(await send({ "content-length": "2" }, ["{}"])).toMatchObject({ status: 415 });
  });

  it("refuses what is not a JSON object or array with 400 invalid_input", async () => {
    for (const text of ["{limit:", "null", "42", '"text"', "{} trailing", "  \n"]) {
      expect(await send(json, [text]), text).toMatchObject({ status: 400, json: { code: "invalid_input" } });
    }
  });

  it("refuses other media types, charsets and compressed bodies with 415", async () => {
    const refused: Record<string, string>[] = [
      { "content-type": "text/plain" },
      { "content-type": "application/jsonx" },
      {},
      { "content-type": "application/json; charset=latin1" },
      { "content-type": "application/json", "content-encoding": "gzip" },
    ];
    for (const headers of refused) {
      expect(await send(headers, ["{}"]), JSON.stringify(headers)).toMatchObject({
        status: 415,
        json: { code: "unsupported_media_type" },
      });
    }
  });

  it("refuses a body over the limit with 413, from Content-Length or while reading a chunked body", async () => {
    const big = `{"x":"${"a".repeat(LIMIT)}"}`;
    const declared = await send({ ...json, "content-length": String(Buffer.byteLength(big)) }, [big]);
    expect(declared).toMatchObject({ status: 413, json: { code: "payload_too_large" } });
    const chunked = await send(json, [big.slice(0, 600), big.slice(600)]);
    expect(chunked).toMatchObject({ status: 413, json: { code: "payload_too_large" } });
    // Exactly at the limit is accepted.
    const atLimit = `{"x":"${"a".repeat(LIMIT - 8)}"}`;
    expect(Buffer.byteLength(atLimit)).toBe(LIMIT);
    expect((await send(json, [atLimit])).status).toBe(200);
  });

  it("treats a client that leaves mid-body as the caller's failure (invalid_input), not the service's", async () => {
    const before = outcomes.length;
    const req = request({ host: "127.0.0.1", port, method: "POST", path: "/", headers: { ...json, "content-length": "100" } });
    req.on("error", () => {});
    req.write('{"limit":');
    await new Promise((resolve) => setTimeout(resolve, 50));
    req.destroy();
    await expect.poll(() => outcomes.length, { timeout: 2000 }).toBe(before + 1);
    expect(outcomes.at(-1)).toBe("invalid_input");
  });
});
