import { newId } from "@connector/core/domain";
import { createStores } from "@connector/store";
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from "@connector/store/testing";
import { readUntil } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession, callWithBearer } from "./support/api-v1-client.js";
import { SERVER_DEMO_TEMPLATE } from "./support/demo-template.js";
import { startTestService, type TestService } from "./support/test-service.js";

/** Workflow runs finish on the engine's own schedule: their results are read until they show. */
const RUNS_FINISH_WITHIN_MS = 20_000;

describe.each(TEST_DIALECTS)("Account Workflow over /api/v1 on %s", (dialect) => {
  let service: TestService;
  let key: string;
  beforeAll(async () => {
    service = await startTestService(dialect);
    const owner = await (await ApiSession.signIn(service.baseUrl, DEMO_USERS.deskOwner)).acceptAgreement();
    key = (await owner.call("POST", "/keys", { name: "workflow agent" })).body.key;
  });
  afterAll(async () => {
    await service?.close();
  });

  const api = (method: string, path: string, body?: unknown) => callWithBearer(service.baseUrl, key, method, path, body);

  it("runs saved placements through intake checks and bookkeeping, with an append-only feed read on by cursor", async () => {
    const placed = await api("POST", "/placements", {
      accounts: [
        { reference: "WF-A", name: "With Balance", amount: 100 },
        { reference: "WF-B", name: "No Balance", amount: "" },
      ],
    });
    expect(placed.body.workflowRunIds).toHaveLength(2);
    const runs = await readUntil(
      () => api("GET", "/workflows/runs?status=succeeded&limit=100"),
      (response) => placed.body.workflowRunIds.every((id: string) => response.body.runs.some((run: any) => run.runId === id)),
      RUNS_FINISH_WITHIN_MS,
      200,
    );
    const mine = runs.body.runs.filter((run: any) => placed.body.workflowRunIds.includes(run.runId));
    expect(mine).toHaveLength(2);
    expect(mine.every((run: any) => run.status === "succeeded" && run.finishedAt !== null)).toBe(true);
    expect((await api("GET", "/workflows/runs?status=bogus")).status).toBe(400);

    const feed = await api("GET", "/workflows/events?limit=100");
    const ofRun = (runId: string) => feed.body.events.filter((event: any) => event.runId === runId).map((event: any) => event.step ?? event.kind);
    for (const runId of placed.body.workflowRunIds) {
      expect(ofRun(runId)).toEqual(["run_queued", "run_started", "check_account_data", "record_intake", "run_succeeded"]);
    }
    const noBalance = feed.body.events.find(
      (event: any) => event.runId === placed.body.workflowRunIds[1] && event.step === "record_intake",
    );
    expect(noBalance.data).toEqual({ intakeStatus: "balance_missing" });

    // Reading on from the cursor gives only what came after it.
    const cursor = feed.body.nextCursor;
    expect((await api("GET", `/workflows/events?cursor=${cursor}`)).body.events).toEqual([]);
    const accountId = placed.body.placements[0].accountId;
    const started = await api("POST", "/workflows/start", { accountIds: [accountId] });
    expect(started.status).toBe(201);
    const after = await readUntil(
      () => api("GET", `/workflows/events?cursor=${cursor}`),
      (response) => response.body.events.some((event: any) => event.kind === "run_succeeded"),
      RUNS_FINISH_WITHIN_MS,
      200,
    );
    expect(after.body.events.map((event: any) => event.runId)).toEqual(Array(after.body.events.length).fill(started.body.workflowRunIds[0]));
    expect((await api("GET", `/workflows/events?cursor=${newId()}`)).body.error.code).toBe("invalid_input");
    const finished = await api("POST", `/workflows/runs/${started.body.workflowRunIds[0]}/cancel`);
    expect(finished.status).toBe(409);
    expect(finished.body.error.code).toBe("run_not_cancellable");
    expect((await api("POST", `/workflows/runs/${newId()}/cancel`)).status).toBe(404);
    const foreign = await api("POST", "/workflows/start", { accountIds: [newId()] });
    expect(foreign.status).toBe(404);
  });
});

describe.each(TEST_DIALECTS)("a workflow run interrupted by a crash on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { prefix: "server_test", template: SERVER_DEMO_TEMPLATE });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("is resumed after a restart, without repeating the step it had finished", async () => {
    const first = await startTestService(dialect, { database });
    const { deskId } = first.service.demo!.summary;
    const account = await first.service.database.db
      .selectFrom("accounts")
      .select("id")
      .where("desk_id", "=", deskId)
      .orderBy("id")
      .limit(1)
      .executeTakeFirstOrThrow();
    // The state a worker leaves when the process dies after its first step: the run leased and running.
    const stores = createStores(first.service.database);
    const runId = newId();
    const now = new Date();
    await stores.workflows.createRuns([{ runId, deskId, accountId: account.id, queuedAt: now.toISOString() }]);
    await stores.workflows.claim(runId, "worker-that-crashed", now.toISOString(), new Date(now.getTime() + 1500).toISOString());
    await stores.workflows.appendEvent({ runId, deskId, accountId: account.id, kind: "step_completed", step: "check_account_data", at: now.toISOString() });
    await first.close();

    const second = await startTestService(dialect, { database });
    try {
      const owner = await ApiSession.signIn(second.baseUrl, DEMO_USERS.deskOwner);
      const runs = await readUntil(
        () => owner.call("GET", "/workflows/runs?status=succeeded"),
        (response) => response.body.runs.some((run: any) => run.runId === runId),
        RUNS_FINISH_WITHIN_MS,
        200,
      );
      expect(runs.body.runs.find((run: any) => run.runId === runId)).toMatchObject({ status: "succeeded" });
      const feed = await owner.call("GET", "/workflows/events?limit=100");
      const steps = feed.body.events.filter((event: any) => event.runId === runId && event.kind === "step_completed");
      expect(steps.map((event: any) => event.step)).toEqual(["check_account_data", "record_intake"]);
      const resumed = feed.body.events.find((event: any) => event.runId === runId && event.kind === "run_started");
      expect(resumed.data.resumedAfter).toBe(1);
    } finally {
      await second.close();
    }
  });
});
