import { newId } from "@connector/core/domain";
import type { WorkflowEventView, WorkflowRunView, WorkflowStore } from "@connector/core/ports";
import type { Kysely, Selectable } from "kysely";
import type { DatabaseSchema, WorkflowEventTable, WorkflowRunTable } from "../database/database-schema.js";
import { insertInBatches } from "../database/batched-insert.js";
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

const EVENT_COLUMNS = ["id", "run_id", "account_id", "kind", "step", "data_json", "created_at"] as const;

/** Runs and their feed. Events are only ever inserted: nothing here updates or deletes one. */
export function createWorkflowStore(db: Kysely<DatabaseSchema>): WorkflowStore {
  return {
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

    async claim(runId, workerId, now, leaseUntil) {
      // One conditional update: of two workers, only one sees its row come back.
      const claimed = await db
        .updateTable("workflow_runs")
        .set((eb) => ({
          status: "running",
          attempts: eb("attempts", "+", 1),
          lease_owner: workerId,
          lease_expires_at: leaseUntil,
          started_at: eb.fn.coalesce("started_at", eb.val(now)),
        }))
        .where("id", "=", runId)
        .where((eb) =>
          eb.or([
            eb("status", "=", "queued"),
            eb.and([eb("status", "=", "running"), eb.or([eb("lease_expires_at", "is", null), eb("lease_expires_at", "<=", now)])]),
          ]),
        )
        .returningAll()
        .executeTakeFirst();
      if (claimed === undefined) {
        const current = await db.selectFrom("workflow_runs").select("status").where("id", "=", runId).executeTakeFirst();
        if (current === undefined) return { kind: "unknown" };
        return current.status === "running" || current.status === "queued" ? { kind: "busy" } : { kind: "finished" };
      }
      const steps = await db
        .selectFrom("workflow_events")
        .select("step")
        .where("run_id", "=", runId)
        .where("kind", "=", "step_completed")
        .execute();
      return {
        kind: "claimed",
        run: { ...toRunView(claimed), deskId: claimed.desk_id },
        completedSteps: steps.flatMap((row) => (row.step === null ? [] : [row.step])),
      };
    },

    async renewLease(runId, workerId, leaseUntil) {
      const result = await db
        .updateTable("workflow_runs")
        .set({ lease_expires_at: leaseUntil })
        .where("id", "=", runId)
        .where("lease_owner", "=", workerId)
        .where("status", "=", "running")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async appendEvent(event) {
      const stepKey = event.kind === "step_completed" ? `${event.runId}:${event.step}` : null;
      const inserted = await db
        .insertInto("workflow_events")
        .values({
          id: newId(Date.parse(event.at)),
          run_id: event.runId,
          desk_id: event.deskId,
          account_id: event.accountId,
          kind: event.kind,
          step: event.step ?? null,
          step_key: stepKey,
          data_json: JSON.stringify(event.data ?? {}),
          created_at: event.at,
        })
        .onConflict((oc) => oc.column("step_key").doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async finish(runId, workerId, status, now, failureCode) {
      await db
        .updateTable("workflow_runs")
        .set({ status, finished_at: now, failure_code: failureCode ?? null, lease_owner: null, lease_expires_at: null })
        .where("id", "=", runId)
        .where("lease_owner", "=", workerId)
        .execute();
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

    async recordIntake(accountId, intakeStatus) {
      await db.updateTable("accounts").set({ intake_status: intakeStatus }).where("id", "=", accountId).execute();
    },

    async accountForIntake(accountId) {
      const row = await db
        .selectFrom("accounts")
        .select(["amount_provided", "creditor", "currency"])
        .where("id", "=", accountId)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        amountProvided: Number(row.amount_provided ?? 1) === 1,
        creditorNamed: row.creditor !== null && row.creditor !== undefined,
        currency: row.currency.trim(),
      };
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
}
