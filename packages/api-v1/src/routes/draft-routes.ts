import {
  approvePlacementDraft,
  copyConsumerRequest,
  getDraftDetail,
  listConsumerDrafts,
  listDeskDrafts,
  reviewDraft,
} from "@connector/core/drafts";
import { identifierSchema, placementAccountItemSchema } from "@connector/core/schemas";
import { consumerRequestDraftSchema, placementDraftSchema } from "@connector/core/tools";
import { z } from "zod";
import { defineRoute } from "../api-v1-route.js";
import { draftIdParams, notice, timestamp } from "../schemas.js";

const draftSchema = z.union([placementDraftSchema, consumerRequestDraftSchema]);

const historyEntrySchema = z.strictObject({
  action: z.enum(["created", "reviewed", "approved", "discarded", "copied"]),
  at: timestamp,
  userId: z.string().nullable(),
  via: z.enum(["session", "desk_key", "connection"]),
  grantId: z.string().nullable().describe("The connection that saved the draft (for created)."),
  keyId: z.string().nullable(),
});

const reviewResultSchema = z.strictObject({ draft: draftSchema, changed: z.boolean(), notice });

export const draftRoutes = [
  defineRoute({
    method: "get",
    path: "/drafts",
    operationId: "listDrafts",
    summary: "List drafts for review",
    description:
      "A Desk sees its placement drafts, a consumer their request drafts, whichever connection saved them; up to 50, newest first.",
    tag: "review",
    access: "signed_in",
    response: z.strictObject({ drafts: z.array(draftSchema), notice }),
    errors: [],
    handle: async ({ actor, services }) =>
      actor.kind === "desk" ? listDeskDrafts(services.backOffice, actor) : listConsumerDrafts(services.backOffice, actor),
  }),
  defineRoute({
    method: "get",
    path: "/drafts/:draftId",
    operationId: "getDraft",
    summary: "One draft with its history",
    description: "The draft, its saved accounts (placement drafts), and who did what to it and when.",
    tag: "review",
    access: "signed_in",
    params: draftIdParams,
    response: z.strictObject({
      draft: draftSchema,
      accounts: z.array(placementAccountItemSchema).optional(),
      history: z.array(historyEntrySchema),
      notice,
    }),
    errors: [],
    handle: async ({ actor, params, services }) => getDraftDetail(services.backOffice, actor, params.draftId),
  }),
  defineRoute({
    method: "post",
    path: "/drafts/:draftId/review",
    operationId: "markDraftReviewed",
    summary: "Mark a draft reviewed",
    description: "Reviewed means a person looked at it: never sent, delivered or accepted.",
    tag: "review",
    access: "signed_in",
    params: draftIdParams,
    response: reviewResultSchema,
    errors: ["draft_closed"],
    handle: async ({ actor, params, services }) => reviewDraft(services.backOffice, actor, params.draftId, "reviewed"),
  }),
  defineRoute({
    method: "post",
    path: "/drafts/:draftId/discard",
    operationId: "discardDraft",
    summary: "Discard a draft",
    description: "The draft is kept, with its history, as discarded; it can no longer be approved.",
    tag: "review",
    access: "signed_in",
    params: draftIdParams,
    response: reviewResultSchema,
    errors: ["draft_closed"],
    handle: async ({ actor, params, services }) => reviewDraft(services.backOffice, actor, params.draftId, "discarded"),
  }),
  defineRoute({
    method: "post",
    path: "/drafts/:draftId/approve",
    operationId: "approvePlacementDraft",
    summary: "Approve a placement draft",
    description:
      "The signed-in Desk owner, after accepting the current Desk agreement, adds the draft's accounts as live accounts, all or none; references the Desk already placed are each reported. Approving again changes nothing.",
    tag: "review",
    access: "desk",
    params: draftIdParams,
    response: z.strictObject({
      draft: placementDraftSchema,
      accounts: z.array(z.strictObject({ accountId: identifierSchema, reference: z.string() })),
      workflowRunIds: z.array(identifierSchema),
      alreadyApproved: z.boolean(),
      notice,
    }),
    errors: ["owner_required", "agreement_required", "draft_closed", "reference_conflict", "duplicate_reference"],
    handle: async ({ actor, params, services }) => approvePlacementDraft(services.backOffice, actor, params.draftId),
  }),
  defineRoute({
    method: "post",
    path: "/drafts/:draftId/copy",
    operationId: "copyConsumerRequest",
    summary: "Copy a request draft",
    description: "The consumer's request as full text, for the consumer to send themselves. The service sends nothing.",
    tag: "review",
    access: "signed_in",
    params: draftIdParams,
    response: z.strictObject({ draft: consumerRequestDraftSchema, text: z.string(), notice: z.string() }),
    errors: ["consumer_required"],
    handle: async ({ actor, params, services }) => copyConsumerRequest(services.backOffice, actor, params.draftId),
  }),
];
