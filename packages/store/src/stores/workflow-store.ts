import { newId } from "@connector/core/domain";
import type { IntakeAccount, WorkflowClaim, WorkflowEventView, WorkflowRunStatus, WorkflowRunView, WorkflowStore } from "@connector/core/ports";
import { type Kysely, type Selectable, sql } from "kysely";
import type { DatabaseSchema, WorkflowEventTable, WorkflowRunTable } from "../database/database-schema.js";
import { inListSlices, insertInBatches, insertRows } from "../database/batched-insert.js";
import { keysetPage } from "../database/keyset-page.js";

function toRunView(row: Selectable<WorkflowRunTable>): WorkflowRunView {
  return {
    runId: row.id,
    workflow: row.workflow,
    accountId: row.account_id,
    status: row.status,
    attempts: Number(row.attempts),
    queuedAt: row.queued_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    failureCode: row.failure_code,
  };
}

function toEventView(row: Omit<Selectable<WorkflowEventTable>, "seq" | "desk_id" | "step_key">): WorkflowEventView {
  return {
    eventId: row.id,
    runId: row.run_id,
    accountId: row.account_id,
    kind: row.kind,
    step: row.step,
    data: JSON.parse(row.data_json) as Record<string, unknown>,
    createdAt: row.created_at,
  };
}

/**
 * A run's status, read from the row and kept out of the planner's choice of index: the batch
 * statements name their runs by id, yet without table statistics SQLite took the status index
 * instead and read every queued run at each claim (100,000 queued: 42 ms a claim of 100 runs,
 * 7 ms by id), which made a big file's workflow quadratic. The same in both dialects.
 */
/** The most values a statement over a slice of ids binds besides the ids (a claim binds eight). */
const SLICE_STATEMENT_VALUES = 16;

const statusByRow = sql<WorkflowRunStatus>`(${sql.ref("status")} || '')`;

/**
 * Ids cut into lists that fit one statement's bind parameters (a batch is at most a few hundred; a sweep
 * more), beside the few values each statement binds besides the list (a worker id, times, statuses).
 */
const slices = (db: Kysely<DatabaseSchema>, ids: readonly string[]) => inListSlices(db, ids, SLICE_STATEMENT_VALUES);

const EVENT_COLUMNS = ["id", "run_id", "account_id", "kind", "step", "data_json", "created_at"] as const;

/** Runs and their feed. Events are only ever inserted: nothing here updates or deletes one. */
export function createWorkflowStore(db: Kysely<DatabaseSchema>): WorkflowStore {
  const store: WorkflowStore = {
    async createRuns(runs) {
      if (runs.length === 0) return;
      // A file of up to 100,000 accounts queues as many runs: in statements within the dialect's parameter limit.
      await insertInBatches(
        db,
        "workflow_runs",
        runs.map((run) => ({
            id: run.runId,
            desk_id: run.deskId,
            account_id: run.accountId,
            workflow: "account_workflow" as const,
            status: "queued" as const,
            attempts: 0,
            lease_owner: null,
            lease_expires_at: null,
            queued_at: run.queuedAt,
            started_at: null,
            finished_at: null,
            failure_code: null,
          })),
      );
      await insertInBatches(
        db,
        "workflow_events",
        runs.map((run) => ({
            id: newId(Date.parse(run.queuedAt)),
            run_id: run.runId,
            desk_id: run.deskId,
            account_id: run.accountId,
            kind: "run_queued" as const,
            step: null,
            step_key: null,
            data_json: "{}",
            created_at: run.queuedAt,
          })),
      );
    },

    async claimRuns(runIds, workerId, now, leaseUntil) {
      const claims = new Map<string, WorkflowClaim>();
      const wanted = [...new Set(runIds)];
      for (const ids of slices(db, wanted)) {
        // One conditional update: of two workers, only one sees a run's row come back.
        const claimed = await db
          .updateTable("workflow_runs")
          .set((eb) => ({
            status: "running",
            attempts: eb("attempts", "+", 1),
            lease_owner: workerId,
            lease_expires_at: leaseUntil,
            started_at: eb.fn.coalesce("started_at", eb.val(now)),
          }))
          .where("id", "in", ids)
          .where((eb) =>
            eb.or([
              eb(statusByRow, "=", "queued"),
              eb.and([eb(statusByRow, "=", "running"), eb.or([eb("lease_expires_at", "is", null), eb("lease_expires_at", "<=", now)])]),
            ]),
          )
          .returningAll()
          .execute();
        const steps = new Map<string, string[]>();
        if (claimed.length > 0) {
          const rows = await db
            .selectFrom("workflow_events")
            .select(["run_id", "step"])
            .where("run_id", "in", claimed.map((row) => row.id))
            .where("kind", "=", "step_completed")
            .execute();
          for (const row of rows) if (row.step !== null) steps.set(row.run_id, [...(steps.get(row.run_id) ?? []), row.step]);
        }
        for (const row of claimed) {
          claims.set(row.id, { kind: "claimed", run: { ...toRunView(row), deskId: row.desk_id }, completedSteps: steps.get(row.id) ?? [] });
        }
        const others = ids.filter((id) => !claims.has(id));
        const current =
          others.length === 0 ? [] : await db.selectFrom("workflow_runs").select(["id", "status"]).where("id", "in", others).execute();
        const statusOf = new Map(current.map((row) => [row.id, row.status]));
        for (const id of others) {
          const status = statusOf.get(id);
          claims.set(id, status === undefined ? { kind: "unknown" } : status === "running" || status === "queued" ? { kind: "busy" } : { kind: "finished" });
        }
      }
      return claims;
    },

    async claim(runId, workerId, now, leaseUntil) {
      return (await store.claimRuns([runId], workerId, now, leaseUntil)).get(runId)!;
    },

    async renewLeases(runIds, workerId, leaseUntil) {
      const held: string[] = [];
      for (const ids of slices(db, runIds)) {
        const rows = await db
          .updateTable("workflow_runs")
          .set({ lease_expires_at: leaseUntil })
          .where("id", "in", ids)
          .where("lease_owner", "=", workerId)
          .where(statusByRow, "=", "running")
          .returning("id")
          .execute();
        held.push(...rows.map((row) => row.id));
      }
      return held;
    },

    async appendEvents(events) {
      const rows = events.map((event) => ({
        id: newId(Date.parse(event.at)),
        run_id: event.runId,
        desk_id: event.deskId,
        account_id: event.accountId,
        kind: event.kind,
        step: event.step ?? null,
        step_key: event.kind === "step_completed" ? `${event.runId}:${event.step}` : null,
        data_json: JSON.stringify(event.data ?? {}),
        created_at: event.at,
      }));
      const inserted = await insertRows(db, "workflow_events", rows, {
        maxRowsPerStatement: 500,
        shape: (query) => query.onConflict((oc) => oc.column("step_key").doNothing()).returning("id"),
      });
      const added = new Set(inserted.map((row) => row.id));
      return rows.map((row) => added.has(row.id));
    },

    async appendEvent(event) {
      return (await store.appendEvents([event]))[0]!;
    },

    async finishRuns(runIds, workerId, status, now, failureCode) {
      for (const ids of slices(db, runIds)) {
        await db
          .updateTable("workflow_runs")
          .set({ status, finished_at: now, failure_code: failureCode ?? null, lease_owner: null, lease_expires_at: null })
          .where("id", "in", ids)
          .where("lease_owner", "=", workerId)
          .execute();
      }
    },

    async finish(runId, workerId, status, now, failureCode) {
      await store.finishRuns([runId], workerId, status, now, failureCode);
    },

    async cancelQueued(deskId, runId, now) {
      const cancelled = await db
        .updateTable("workflow_runs")
        .set({ status: "cancelled", finished_at: now })
        .where("id", "=", runId)
        .where("desk_id", "=", deskId)
        .where("status", "=", "queued")
        .returningAll()
        .executeTakeFirst();
      if (cancelled !== undefined) return { kind: "cancelled", run: toRunView(cancelled) };
      const exists = await db.selectFrom("workflow_runs").select("id").where("id", "=", runId).where("desk_id", "=", deskId).executeTakeFirst();
      return exists === undefined ? { kind: "unknown" } : { kind: "not_queued" };
    },

    async recordIntakes(results) {
      for (const intakeStatus of ["ready", "balance_missing"] as const) {
        const accountIds = results.filter((result) => result.intakeStatus === intakeStatus).map((result) => result.accountId);
        for (const ids of slices(db, accountIds)) {
          await db.updateTable("accounts").set({ intake_status: intakeStatus }).where("id", "in", ids).execute();
        }
      }
    },

    async accountsForIntake(accountIds) {
      const accounts = new Map<string, IntakeAccount>();
      for (const ids of slices(db, accountIds)) {
        const rows = await db.selectFrom("accounts").select(["id", "amount_provided", "creditor", "currency"]).where("id", "in", ids).execute();
        for (const row of rows) {
          accounts.set(row.id, {
            amountProvided: Number(row.amount_provided ?? 1) === 1,
            creditorNamed: row.creditor !== null && row.creditor !== undefined,
            currency: row.currency.trim(),
          });
        }
      }
      return accounts;
    },

    async listRuns(deskId, { status, limit, after, accountIds }) {
      let query = db.selectFrom("workflow_runs").selectAll().where("desk_id", "=", deskId);
      if (status !== undefined) query = query.where("status", "=", status);
      if (accountIds !== undefined) {
        if (accountIds.length === 0) return { runs: [], nextCursor: null };
        query = query.where("account_id", "in", [...accountIds]);
      }
      if (after !== undefined) query = query.where("id", "<", after);
      const { page, nextCursor } = keysetPage(await query.orderBy("id", "desc").limit(limit + 1).execute(), limit);
      return { runs: page.map(toRunView), nextCursor };
    },

    async listEvents(deskId, { limit, after }) {
      let query = db.selectFrom("workflow_events").select(EVENT_COLUMNS).where("desk_id", "=", deskId);
      if (after !== undefined) {
        query = query.where("seq", ">", (eb) => eb.selectFrom("workflow_events").select("seq").where("id", "=", after));
      }
      const rows = await query.orderBy("seq").limit(limit + 1).execute();
      const page = rows.slice(0, limit);
      // The last event read is the cursor to read on from, even on the last page: the feed grows.
      return { events: page.map(toEventView), nextCursor: page.length > 0 ? page[page.length - 1]!.id : (after ?? null) };
    },

    async pageEventsNewestFirst(deskId, { limit, before }) {
      let query = db.selectFrom("workflow_events").select(EVENT_COLUMNS).where("desk_id", "=", deskId);
      if (before !== undefined) {
        query = query.where("seq", "<", (eb) => eb.selectFrom("workflow_events").select("seq").where("id", "=", before).where("desk_id", "=", deskId));
      }
      const { page, nextCursor } = keysetPage(await query.orderBy("seq", "desc").limit(limit + 1).execute(), limit);
      return { events: page.map(toEventView), nextCursor };
    },

    async hasEvent(deskId, eventId) {
      const row = await db
        .selectFrom("workflow_events")
        .select("id")
        .where("id", "=", eventId)
        .where("desk_id", "=", deskId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async requeueRunning(runIds) {
      if (runIds.length === 0) return;
      await db
        .updateTable("workflow_runs")
        .set({ status: "queued", lease_owner: null, lease_expires_at: null })
        .where("id", "in", [...runIds])
        .where("status", "=", "running")
        .execute();
    },

    async unfinishedRunIds() {
      const rows = await db
        .selectFrom("workflow_runs")
        .select(["id", "status"])
        .where("status", "in", ["queued", "running"])
        .orderBy("id")
        .execute();
      return {
        queued: rows.filter((row) => row.status === "queued").map((row) => row.id),
        running: rows.filter((row) => row.status === "running").map((row) => row.id),
      };
    },
  };
  return store;
}
