import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession, callWithBearer } from "./support/api-v1-client.js";
import { type ClusterFixture, startClusterFixture } from "./support/cluster-fixture.js";
import type { HeldChunk } from "./support/fault-proxy.js";
import { eventually } from "@connector/testkit";
import { processWithLocalPort } from "./support/socket-owner.js";

/**
 * SIGTERM to a process while one of its Account Workflow steps is mid-transaction, with two real
 * processes on one PostgreSQL database. The step's transaction is held at its commit by the proxy
 * in front of the database, so the step is certainly running when the signal arrives.
 */
const SHUTDOWN_TIMEOUT_MS = 4000;
const SETTINGS = {
  SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
  // Short, so a handed-back run is taken over within seconds (the default is 30 s).
  WORKFLOW_LEASE_MS: "3000",
  // Long, so the held commit is not ended by the client's own timeout while the test decides its fate.
  DATABASE_QUERY_TIMEOUT_MS: "60000",
};
/** The shutdown budget, the 2 s close grace, and a wide margin for a loaded machine; a hang is 30 s or more. */
const EXIT_WITHIN_MS = SHUTDOWN_TIMEOUT_MS + 8000;
/** Only the step's transaction reads these columns (the intake checks). */
const STEP_MARKER = '"amount_provided", "creditor", "currency" from "accounts"';

let fixture: ClusterFixture;
let key: string;
beforeAll(async () => {
  fixture = await startClusterFixture({ env: SETTINGS });
  const owner = await (await ApiSession.signIn(fixture.baseUrl, DEMO_USERS.deskOwner)).acceptAgreement();
  key = (await owner.call("POST", "/keys", { name: "shutdown workflow agent" })).body.key;
});
afterAll(async () => {
  await fixture?.close();
});
// A failure here spans processes (seen under load: a 30 s timeout, then a member gone): show what each said.
beforeEach(({ onTestFailed }) => {
  onTestFailed(() => {
    for (const member of fixture.cluster.members) {
      process.stderr.write(`member ${member.index} (exit ${member.process.exitCode ?? member.process.signalCode ?? "none"}):\n${member.output().slice(-3000)}\n`);
    }
  });
});
// Each test signals a member and starts it again at its end; after a failure, the next test still gets both.
afterEach(async () => {
  for (const member of fixture.cluster.members) {
    if (member.process.exitCode !== null || member.process.signalCode !== null) await fixture.cluster.restart(member.index);
  }
});

/** Places one account and waits until one process's worker holds its first step at the commit. */
async function placeAndHoldFirstStep(reference: string): Promise<{ runId: string; commit: HeldChunk; holder: number }> {
  const held = fixture.database.holdCommitAfter(STEP_MARKER);
  const placed = await callWithBearer(fixture.memberUrl(0), key, "POST", "/placements", {
    accounts: [{ reference, name: "Shutdown Run", amount: 250 }],
  });
  expect(placed.status).toBe(200);
  const commit = await held;
  const members = fixture.cluster.members;
  const pid = await processWithLocalPort(members.map((member) => member.process.pid!), commit.clientPort);
  const holder = members.findIndex((member) => member.process.pid === pid);
  expect(holder).toBeGreaterThanOrEqual(0);
  return { runId: placed.body.workflowRunIds[0], commit, holder };
}

const runStatus = async (runId: string) =>
  (await fixture.query<{ status: string }>("select status from workflow_runs where id = $1", [runId]))[0]?.status;

/** The run's feed as any client reads it: each step once, one success, nothing half-written. */
async function expectEachStepOnce(runId: string, via: number): Promise<string[]> {
  const feed = await callWithBearer(fixture.memberUrl(via), key, "GET", "/workflows/events?limit=100");
  const kinds = feed.body.events.filter((event: any) => event.runId === runId).map((event: any) => event.step ?? event.kind);
  expect(kinds.filter((kind: string) => kind === "check_account_data")).toHaveLength(1);
  expect(kinds.filter((kind: string) => kind === "record_intake")).toHaveLength(1);
  expect(kinds.filter((kind: string) => kind === "run_succeeded")).toHaveLength(1);
  expect(kinds.at(-1)).toBe("run_succeeded");
  const [account] = await fixture.query<{ intake_status: string | null }>(
    "select a.intake_status from accounts a join workflow_runs r on r.account_id = a.id where r.id = $1",
    [runId],
  );
  expect(account?.intake_status).toBe("ready");
  return kinds;
}

describe("SIGTERM while an Account Workflow step is running", () => {
  it("a step that finishes within the shutdown timeout: the process completes the run, then exits 0", async () => {
    const { runId, commit, holder } = await placeAndHoldFirstStep("SIGTERM-FINISH-1");
    const member = fixture.cluster.members[holder]!;
    member.process.kill("SIGTERM");
    // The signal is being handled (readiness is off, or the listener is closed) while the step waits.
    expect(await eventually(async () => (await fetch(`${member.url}/readyz`).catch(() => undefined))?.status !== 200, 5000)).toBe(true);
    commit.release();
    expect((await member.exited).code).toBe(0);
    // Finished here before exit, not handed back: succeeded at once, after a single attempt.
    expect(await runStatus(runId)).toBe("succeeded");
    const kinds = await expectEachStepOnce(runId, 1 - holder);
    expect(kinds).toEqual(["run_queued", "run_started", "check_account_data", "record_intake", "run_succeeded"]);
    await fixture.cluster.restart(holder);
  });

  it("a step that cannot finish in time is handed back: the process exits 0 at the timeout, the other process completes the run once", async () => {
    const { runId, commit, holder } = await placeAndHoldFirstStep("SIGTERM-HANDBACK-1");
    const member = fixture.cluster.members[holder]!;
    const signalled = Date.now();
    member.process.kill("SIGTERM");
    // The commit is never released: the step is still in its transaction when the budget runs out.
    expect((await member.exited).code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(EXIT_WITHIN_MS);
    expect(member.output()).toContain("handed back");
    commit.drop();

    // The other process takes the run over once its lease is over (pg-boss retries the failed job).
    expect(await eventually(async () => (await runStatus(runId)) === "succeeded", 20_000, 250)).toBe(true);
    const kinds = await expectEachStepOnce(runId, 1 - holder);
    // Two attempts: the interrupted one recorded no step (its transaction was rolled back).
    expect(kinds).toEqual(["run_queued", "run_started", "run_started", "check_account_data", "record_intake", "run_succeeded"]);
    await fixture.cluster.restart(holder);
  });
});
