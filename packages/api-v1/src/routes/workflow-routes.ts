import { WORKFLOW_EVENT_KINDS, WORKFLOW_RUN_STATUSES } from "@connector/core/ports";
import { identifierSchema } from "@connector/core/schemas";
import { pathParams } from "@connector/core/validation";
import {
  cancelWorkflowRun,
  listWorkflowEvents,
  listWorkflowRuns,
  startAccountWorkflow,
} from "@connector/core/workflow";
import { z } from "zod";
import { defineRoute } from "../api-v1-route.js";
import { pageQuery, timestamp } from "../schemas.js";

const runSchema = z.strictObject({
  runId: identifierSchema,
  workflow: z.literal("account_workflow"),
  accountId: identifierSchema,
  status: z.enum(WORKFLOW_RUN_STATUSES),
  attempts: z.number().int(),
  queuedAt: timestamp,
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
  failureCode: z.string().nullable(),
});

const eventSchema = z.strictObject({
  eventId: identifierSchema,
  runId: identifierSchema,
  accountId: identifierSchema,
  kind: z.enum(WORKFLOW_EVENT_KINDS),
  step: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: timestamp,
});

export const workflowRoutes = [
  defineRoute({
    method: "get",
    path: "/workflows/runs",
    operationId: "listWorkflowRuns",
    summary: "Account Workflow runs",
    description: "The Desk's runs, newest first, optionally of one status.",
    tag: "workflows",
    access: "desk",
    query: pageQuery.extend({ status: z.enum(WORKFLOW_RUN_STATUSES).optional() }),
    response: z.strictObject({ runs: z.array(runSchema), nextCursor: identifierSchema.nullable() }),
    errors: [],
    handle: async ({ actor, query, services }) => listWorkflowRuns(services.backOffice, actor, query),
  }),
  defineRoute({
    method: "get",
    path: "/workflows/events",
    operationId: "listWorkflowEvents",
    summary: "Automation feed",
    description:
      "The append-only feed of the Desk's workflow events, oldest first. Pass the nextCursor of the last answer to read on; it is the last event read, so an empty page keeps it.",
    tag: "workflows",
    access: "desk",
    query: pageQuery,
    response: z.strictObject({ events: z.array(eventSchema), nextCursor: identifierSchema.nullable() }),
    errors: [],
    handle: async ({ actor, query, services }) => listWorkflowEvents(services.backOffice, actor, query),
  }),
  defineRoute({
    method: "post",
    path: "/workflows/start",
    operationId: "startAccountWorkflow",
    summary: "Start Account Workflow",
    description: "Queues Account Workflow for saved accounts of this Desk. Its steps are intake checks and bookkeeping: no messages, no money.",
    tag: "workflows",
    access: "desk",
    body: { schema: z.strictObject({ accountIds: z.array(identifierSchema).min(1).max(100) }) },
    response: z.strictObject({ workflowRunIds: z.array(identifierSchema) }),
    status: 201,
    errors: [],
    handle: async ({ actor, body, services }) => startAccountWorkflow(services.backOffice, actor, body),
  }),
  defineRoute({
    method: "post",
    path: "/workflows/runs/:runId/cancel",
    operationId: "cancelWorkflowRun",
    summary: "Cancel a queued run",
    description: "Cancels a run no worker has taken yet. A started or finished run is left as it is.",
    tag: "workflows",
    access: "desk",
    params: pathParams("runId"),
    response: z.strictObject({ run: runSchema }),
    errors: ["run_not_cancellable"],
    handle: async ({ actor, params, services }) => cancelWorkflowRun(services.backOffice, actor, params.runId),
  }),
];
