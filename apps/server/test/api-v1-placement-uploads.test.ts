import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession, callWithBearer } from "./support/api-v1-client.js";
import { readUntil } from "@connector/testkit";
import { startTestService, type TestService } from "./support/test-service.js";

/**
 * `/api/v1/placements/uploads` over HTTP with a desk key (issue 39): a CSV bigger than one request
 * sent in parts of 64 KiB, each part its own request within spec §8's limit; a part past it is 413,
 * a part not sent as bytes 415; the file previewed and placed once. The parts' rules themselves are
 * tested against both stores in packages/store/test/placement-uploads.test.ts.
 */
describe("a placement CSV sent in parts to /api/v1", { timeout: 60_000 }, () => {
  let service: TestService;
  let key: string;
  beforeAll(async () => {
    service = await startTestService(EMBEDDED_TEST_DIALECT);
    const owner = await (await ApiSession.signIn(service.baseUrl, DEMO_USERS.deskOwner)).acceptAgreement();
    key = (await owner.call("POST", "/keys", { name: "big files" })).body.key;
  });
  afterAll(async () => {
    await service?.close();
  });

  const put = (path: string, body: Uint8Array<ArrayBuffer>, type = "application/octet-stream") =>
    fetch(`${service.baseUrl}/api/v1${path}`, { method: "PUT", headers: { authorization: `Bearer ${key}`, "content-type": type }, body });

  it("takes 2,000 accounts in parts of at most 64 KiB, previews them and places them once", async () => {
    const rows = ["reference,name,amount,currency,creditor"];
    for (let index = 1; index <= 2000; index++) rows.push(`API-${String(index).padStart(5, "0")},Account Holder ${index},"$1,${String(index % 1000).padStart(3, "0")}.00",USD,Acme Card Services`);
    const file = new TextEncoder().encode(rows.join("\n"));
    expect(file.length).toBeGreaterThan(65_536);

    const begun = await callWithBearer(service.baseUrl, key, "POST", "/placements/uploads", { size: file.length });
    expect(begun.status).toBe(201);
    const { uploadId, chunkBytes, chunkCount } = begun.body;
    expect(chunkBytes).toBe(65_536);

    // A part past 64 KiB is the request limit's 413; a part as JSON is 415: neither is stored.
    expect((await put(`/placements/uploads/${uploadId}/chunks/0`, new Uint8Array(65_537))).status).toBe(413);
    expect((await put(`/placements/uploads/${uploadId}/chunks/0`, file.subarray(0, chunkBytes), "application/json")).status).toBe(415);
    for (let index = chunkCount - 1; index >= 0; index--) {
      const answer = await put(`/placements/uploads/${uploadId}/chunks/${index}`, file.subarray(index * chunkBytes, (index + 1) * chunkBytes));
      expect(answer.status).toBe(200);
    }
    expect((await callWithBearer(service.baseUrl, key, "GET", `/placements/uploads/${uploadId}`)).body).toMatchObject({ complete: true, receivedBytes: file.length });

    const preview = await callWithBearer(service.baseUrl, key, "POST", `/placements/uploads/${uploadId}/place?dryRun=1`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ dryRun: true, saved: false, count: 2000 });
    expect(preview.body.sample).toHaveLength(20);

    // Placing is a job: 202 at once, with its status resource, read until the file is placed and released.
    const placed = await callWithBearer(service.baseUrl, key, "POST", `/placements/uploads/${uploadId}/place`);
    expect(placed.status).toBe(202);
    expect(placed.body).toMatchObject({ dryRun: false, job: { uploadId, state: expect.stringMatching(/^(checking|saving|placed)$/) } });
    const location = placed.headers.get("location")!;
    expect(location).toBe(`/api/v1/placements/jobs/${placed.body.job.jobId}`);
    const ended = await readUntil(
      () => callWithBearer(service.baseUrl, key, "GET", location.replace("/api/v1", "")),
      (answer) => answer.body.released === true || answer.body.state === "failed",
      30_000,
      100,
    );
    expect(ended.body).toMatchObject({ state: "placed", released: true, rowsTotal: 2000, rowsSaved: 2000, accountsReleased: 2000, problem: null });
    const again = await callWithBearer(service.baseUrl, key, "POST", `/placements/uploads/${uploadId}/place`);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe("not_found");
    // Another Desk's job, or none, is not found.
    expect((await callWithBearer(service.baseUrl, key, "GET", "/placements/jobs/00000000-0000-7000-8000-000000000000")).status).toBe(404);
  });

  it("cancels a file it will not place: DELETE frees its slot at once, and it cannot be placed after", async () => {
    const file = new TextEncoder().encode("reference,name\nCAN-1,Ada\n");
    const { uploadId } = (await callWithBearer(service.baseUrl, key, "POST", "/placements/uploads", { size: file.length })).body;
    expect((await put(`/placements/uploads/${uploadId}/chunks/0`, file)).status).toBe(200);
    const cancelled = await callWithBearer(service.baseUrl, key, "DELETE", `/placements/uploads/${uploadId}`);
    expect([cancelled.status, cancelled.body]).toEqual([200, { uploadId, cancelled: true }]);
    expect((await callWithBearer(service.baseUrl, key, "GET", `/placements/uploads/${uploadId}`)).status).toBe(404);
    expect((await callWithBearer(service.baseUrl, key, "POST", `/placements/uploads/${uploadId}/place`)).status).toBe(404);
  });

  it("refuses an empty file and one past 10 MiB with their codes", async () => {
    const empty = await callWithBearer(service.baseUrl, key, "POST", "/placements/uploads", { size: 0 });
    expect([empty.status, empty.body.error.code]).toEqual([400, "empty_file"]);
    const big = await callWithBearer(service.baseUrl, key, "POST", "/placements/uploads", { size: 10 * 1024 * 1024 + 1 });
    expect([big.status, big.body.error.code]).toEqual([413, "payload_too_large"]);
  });
});
