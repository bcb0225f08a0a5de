import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession, callWithBearer } from "./support/api-v1-client.js";
import { type ClusterFixture, startClusterFixture } from "./support/cluster-fixture.js";
import { eventually } from "@connector/testkit";

/**
 * The back office with two processes on one PostgreSQL database: both run an Account Workflow
 * worker on the same job queue, and desk keys are one set of keys for both.
 */
let fixture: ClusterFixture;
let owner: ApiSession;
beforeAll(async () => {
  fixture = await startClusterFixture();
  owner = await (await ApiSession.signIn(fixture.baseUrl, DEMO_USERS.deskOwner)).acceptAgreement();
});
afterAll(async () => {
  await fixture?.close();
});

describe("Account Workflow with a worker in each process", () => {
  it("every run is taken by exactly one worker: each step of each run appears once in the feed", async () => {
    const { key } = (await owner.call("POST", "/keys", { name: "cluster workflow agent" })).body;
    const accounts = Array.from({ length: 12 }, (_, index) => ({ reference: `CL-${index}`, name: "Cluster Run", amount: 100 + index }));
    const placed = await callWithBearer(fixture.memberUrl(0), key, "POST", "/placements", { accounts });
    expect(placed.status).toBe(200);
    const runIds: string[] = placed.body.workflowRunIds;
    expect(runIds).toHaveLength(12);

    const finished = async () => {
      const runs = await callWithBearer(fixture.memberUrl(1), key, "GET", "/workflows/runs?status=succeeded&limit=100");
      return runIds.every((id) => runs.body.runs.some((run: any) => run.runId === id));
    };
    expect(await eventually(finished, 60_000, 250)).toBe(true);

    const feed = await callWithBearer(fixture.memberUrl(0), key, "GET", "/workflows/events?limit=100");
    for (const runId of runIds) {
      const steps = feed.body.events.filter((event: any) => event.runId === runId).map((event: any) => event.step ?? event.kind);
      expect(steps).toEqual(["run_queued", "run_started", "check_account_data", "record_intake", "run_succeeded"]);
    }
  });
});

describe("desk keys across processes", () => {
  it("a key revoked at one process is refused by the other at once", async () => {
    const minted = (await owner.call("POST", "/keys", { name: "cluster key" })).body;
    expect((await callWithBearer(fixture.memberUrl(1), minted.key, "GET", "/me")).status).toBe(200);
    const revoked = await owner.call("DELETE", `/keys/${minted.deskKey.keyId}`);
    expect(revoked.status).toBe(200);
    for (const index of [0, 1]) expect((await callWithBearer(fixture.memberUrl(index), minted.key, "GET", "/me")).status).toBe(401);
  });
});
