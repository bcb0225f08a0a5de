import { assertDeskActor, type BackOfficeActor } from "../back-office/back-office-actor.js";
import { type BackOfficeDeps, clockOf, handOver } from "../back-office/back-office-deps.js";
import { ServiceError } from "../errors/service-error.js";
import type { WorkflowRunStatus } from "../ports/workflow-stores.js";
import { queueAccountWorkflow } from "./queue-account-workflow.js";

/** POST /api/v1/workflows/start: queues Account Workflow for saved accounts of the Desk, whatever its setting. */
export async function startAccountWorkflow(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  input: { accountIds: readonly string[] },
): Promise<{ workflowRunIds: string[] }> {
  assertDeskActor(actor);
  const wanted = [...new Set(input.accountIds)];
  const now = clockOf(deps);
  const workflowRunIds = await deps.stores.transaction(async (stores) => {
    const owned = new Set(await stores.placements.ownedAccountIds(actor.deskId, wanted));
    const missing = wanted.findIndex((id) => !owned.has(id));
    if (missing !== -1) {
      throw new ServiceError("not_found", "An account in the list is not an account of this Desk.", {
        field: `accountIds.${input.accountIds.indexOf(wanted[missing]!)}`,
      });
    }
    return queueAccountWorkflow(stores, actor.deskId, wanted, now, { onlyWhenEnabled: false });
  });
  await handOver(deps, workflowRunIds);
  return { workflowRunIds };
}

/** Cancels a queued run of the Desk; a run already taken by a worker, or finished, is left as it is (409). */
export async function cancelWorkflowRun(deps: BackOfficeDeps, actor: BackOfficeActor, runId: string) {
  assertDeskActor(actor);
  const at = clockOf(deps).toISOString();
  return deps.stores.transaction(async (stores) => {
    const outcome = await stores.workflows.cancelQueued(actor.deskId, runId, at);
    if (outcome.kind === "unknown") throw new ServiceError("not_found", "There is no such workflow run on this Desk.");
    if (outcome.kind === "not_queued") {
      throw new ServiceError("run_not_cancellable", "Only a queued run can be cancelled; this one has started or finished.");
    }
    const { run } = outcome;
    await stores.workflows.appendEvent({ runId: run.runId, deskId: actor.deskId, accountId: run.accountId, kind: "run_cancelled", at });
    return { run };
  });
}

export async function listWorkflowRuns(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  query: { status?: WorkflowRunStatus; limit: number; cursor?: string; accountIds?: readonly string[] },
) {
  assertDeskActor(actor);
  return deps.stores.workflows.listRuns(actor.deskId, {
    limit: query.limit,
    ...(query.status === undefined ? {} : { status: query.status }),
    ...(query.accountIds === undefined ? {} : { accountIds: query.accountIds }),
    ...(query.cursor === undefined ? {} : { after: query.cursor }),
  });
}

/** The append-only feed, read on from `cursor` (the last event id seen). An unknown cursor is a 400, not an empty page. */
export async function listWorkflowEvents(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  query: { limit: number; cursor?: string },
) {
  assertDeskActor(actor);
  const after = query.cursor === undefined ? undefined : query.cursor;
  if (after !== undefined && !(await deps.stores.workflows.hasEvent(actor.deskId, after))) {
    throw new ServiceError("invalid_input", "The cursor is not an event of this Desk's feed.", { field: "cursor" });
  }
  return deps.stores.workflows.listEvents(actor.deskId, { limit: query.limit, ...(after === undefined ? {} : { after }) });
}

/** The feed as people read it, newest first, continuing before the event `cursor` (issue 18). */
export async function listWorkflowEventsNewestFirst(deps: BackOfficeDeps, actor: BackOfficeActor, query: { limit: number; cursor?: string }) {
  assertDeskActor(actor);
  const before = query.cursor;
  if (before !== undefined && !(await deps.stores.workflows.hasEvent(actor.deskId, before))) {
    throw new ServiceError("invalid_input", "This page link is not valid; start from the newest events.", { field: "events" });
  }
  return deps.stores.workflows.pageEventsNewestFirst(actor.deskId, { limit: query.limit, ...(before === undefined ? {} : { before }) });
}

/** The Desk's own references of the accounts runs and events name, so people read "HRP-000123", not an id. */
export async function accountReferences(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  accountIds: readonly string[],
): Promise<Map<string, string>> {
  assertDeskActor(actor);
  const unique = [...new Set(accountIds)];
  const found = await deps.stores.placements.referencesOf(actor.deskId, unique);
  return new Map(found.map(({ accountId, reference }) => [accountId, reference]));
}
