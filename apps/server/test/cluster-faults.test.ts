import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClusterFixture, startClusterFixture } from "./support/cluster-fixture.js";
import { eventually } from "@connector/testkit";
import { type LoadAnswer, startMixedLoad } from "./support/mixed-load.js";
import { callRest } from "./support/tool-callers.js";

/**
 * Faults with two real server processes on one PostgreSQL database, reached through a proxy the
 * test controls. Bounds are small here so the suite is quick: a connection within 1 s, a statement
 * within 1.5 s (a silent connection is dropped 1 s later), so every answer comes within about 3.5 s.
 */
const BOUNDS = { DATABASE_POOL_SIZE: "3", DATABASE_ACQUIRE_TIMEOUT_MS: "1000", DATABASE_QUERY_TIMEOUT_MS: "1500" };
/** The limit has its own suite (cluster-limits); here a long load on a slow machine must not meet it. */
const NO_RATE_LIMIT = { RATE_LIMIT_PER_MINUTE: "100000" };
/** The stated bound plus a wide margin for a loaded 2-core machine; a hang would be minutes. */
const ANSWER_WITHIN_MS = 10_000;

let fixture: ClusterFixture;
let tokens: string[];
beforeAll(async () => {
  fixture = await startClusterFixture({ env: { ...BOUNDS, ...NO_RATE_LIMIT } });
  tokens = [];
  for (let index = 0; index < 4; index++) tokens.push((await fixture.connect({ workspace: "desk" })).accessToken);
});
afterAll(async () => {
  await fixture?.close();
});

const ready = async (index: number) => (await fetch(`${fixture.memberUrl(index)}/readyz`)).status === 200;
const bothReady = async () => (await ready(0)) && (await ready(1));
const neitherReady = async () => !(await ready(0)) && !(await ready(1));

/** Only 200s and well-formed 503s; no 500, no stack trace, nothing slower than the stated bound. */
function expectOnlyOutageAnswers(answers: LoadAnswer[]): void {
  const statuses = new Set(answers.map((answer) => answer.status));
  expect([...statuses].sort()).toEqual([200, 503]);
  for (const answer of answers.filter((item) => item.status === 503)) {
    expect(answer.code).toBe("service_unavailable");
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(answer.text).not.toMatch(/\bat .+\.js|ECONN|Connection terminated|timeout/i);
  }
  expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(ANSWER_WITHIN_MS);
}

/** An outage answered as 503 is a warning with its code, one line per request, no stack frames; never an error line. */
function expectOutageLoggedAsWarnings(): void {
  const lines = fixture.cluster.members
    .flatMap((member) => member.output().split("\n"))
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: number; msg: string; code?: string; frames?: unknown });
  const failures = lines.filter((line) => line.msg === "connector request failed");
  expect(failures.length).toBeGreaterThan(0);
  for (const line of failures) expect(line).toMatchObject({ level: 40, code: "service_unavailable" });
  expect(failures.some((line) => line.frames !== undefined)).toBe(false);
  expect(lines.filter((line) => line.level >= 50)).toEqual([]);
}

async function expectEachDraftOnce(prefix: string, savedKeys: Set<string>): Promise<void> {
  const rows = await fixture.query<{ title: string; copies: string }>(
    "select title, count(*) as copies from placement_drafts where title like $1 group by title",
    [`${prefix} %`],
  );
  expect(rows.every((row) => row.copies === "1")).toBe(true);
  expect(new Set(rows.map((row) => row.title.slice(prefix.length + 1)))).toEqual(savedKeys);
}

async function loadThrough(prefix: string, fault: () => Promise<void> | void, repair: () => Promise<void> | void) {
  const load = startMixedLoad({ targets: [0, 1].map(fixture.memberUrl), tokens, pauseMs: 100, titlePrefix: prefix });
  try {
    expect(await eventually(() => load.successes() >= 6, 20_000)).toBe(true);
    await fault();
    expect(await eventually(neitherReady, 15_000), "readiness goes false on both processes").toBe(true);
    const before = load.answers.length;
    expect(await eventually(() => load.answers.slice(before).some((answer) => answer.status === 503), 15_000)).toBe(true);
    await repair();
    expect(await eventually(bothReady, 20_000), "service resumes by itself").toBe(true);
    const recovered = load.successes();
    expect(await eventually(() => load.successes() >= recovered + 6, 20_000)).toBe(true);
  } finally {
    await load.stop();
  }
  return load;
}

describe("PostgreSQL stopped during a load over both processes", () => {
  it("answers only 503 service_unavailable with Retry-After, readiness goes false, service resumes, no draft lost or doubled", async () => {
    const load = await loadThrough(
      "outage",
      () => fixture.database.cut(),
      () => fixture.database.restore(),
    );
    expectOnlyOutageAnswers(load.answers);
    expect(load.savedKeys.size).toBeGreaterThan(0);
    await expectEachDraftOnce("outage", load.savedKeys);
    expectOutageLoggedAsWarnings();
  });

  it("a database that stops answering without closing anything (a partition) gives 503s within the stated bound, not hangs", async () => {
    const load = await loadThrough(
      "partition",
      () => fixture.database.freeze(),
      () => fixture.database.thaw(),
    );
    expectOnlyOutageAnswers(load.answers);
    await expectEachDraftOnce("partition", load.savedKeys);
  });
});

describe("a slow database", () => {
  it("degrades to slower answers and 503s at the acquire timeout, never an unbounded queue", async () => {
    fixture.database.setLatency(250);
    try {
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, index) => callRest(fixture.memberUrl(0), tokens[index % 4], "desk", "list_accounts", { limit: 5 })),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
      expect(statuses).toContain(503);
      for (const refused of answers.filter((answer) => answer.status === 503)) {
        expect(refused.body.error.code).toBe("service_unavailable");
        expect(refused.headers.get("retry-after")).not.toBeNull();
      }
      expect(Date.now() - started).toBeLessThan(ANSWER_WITHIN_MS * 2);
    } finally {
      fixture.database.setLatency(0);
    }
    expect((await callRest(fixture.memberUrl(0), tokens[0], "desk", "list_accounts", { limit: 5 })).status).toBe(200);
  });
});

describe("stopping and killing a process mid-request", () => {
  const draft = (key: string) => ({
    title: `mid-request ${key}`,
    accounts: Array.from({ length: 20 }, (_, index) => ({ reference: `M-${index}`, name: "Robin Lee", amount: 100 + index })),
    idempotencyKey: key,
  });

  it("SIGTERM lets the open request finish (200, saved once), then the process exits 0", async () => {
    const member = fixture.cluster.members[1]!;
    // The request is certainly in progress: its transaction waits at the commit.
    const held = fixture.database.holdCommitAfter('insert into "placement_drafts"');
    const pending = callRest(member.url, tokens[1], "desk", "create_placement_draft", draft("sigterm-draft-0001"));
    const commit = await held;
    member.process.kill("SIGTERM");
    // Readiness goes false while the request is open (a load balancer stops sending), or the listener is already closed.
    expect(await eventually(async () => (await fetch(`${member.url}/readyz`).catch(() => undefined))?.status !== 200, 5000)).toBe(true);
    commit.release();
    expect((await pending).status).toBe(200);
    expect((await member.exited).code).toBe(0);
    expect(await fixture.count("select count(*) from placement_drafts where title = $1", ["mid-request sigterm-draft-0001"])).toBe(1);
    await fixture.cluster.restart(1);
  });

  it("SIGKILL between a draft's writes and its commit leaves no row; the retry on the other process saves it once", async () => {
    const member = fixture.cluster.members[0]!;
    const held = fixture.database.holdCommitAfter('insert into "placement_drafts"');
    const pending = callRest(member.url, tokens[2], "desk", "create_placement_draft", draft("sigkill-draft-0001")).catch(
      (error: unknown) => error,
    );
    const commit = await held;
    member.process.kill("SIGKILL");
    expect((await member.exited).signal).toBe("SIGKILL");
    commit.drop();
    expect(await pending).toBeInstanceOf(Error);

    expect(await fixture.count("select count(*) from placement_drafts where title = $1", ["mid-request sigkill-draft-0001"])).toBe(0);
    expect(await fixture.count("select count(*) from idempotency_records where idempotency_key = $1", ["sigkill-draft-0001"])).toBe(0);

    const retry = await callRest(fixture.memberUrl(1), tokens[2], "desk", "create_placement_draft", draft("sigkill-draft-0001"));
    expect(retry.status).toBe(200);
    expect(await fixture.count("select count(*) from placement_drafts where title = $1", ["mid-request sigkill-draft-0001"])).toBe(1);
    await fixture.cluster.restart(0);
  });
});
