import { z } from "zod";
import { DRAFT_REVIEW_STATUSES } from "../../domain/draft-status.js";
import { notFound } from "../../errors/service-error.js";
import type { Workspace } from "../../policy/workspaces.js";
import { getDraftStatusInputSchema } from "../../schemas/tool-inputs.js";
import { defineTool } from "../define-tool.js";
import { DRAFT_STATUS_NOTICE } from "../../drafts/draft-notice.js";
import type { ToolContext } from "../tool-context.js";

const draftStatusSchema = z.strictObject({
  draft: z.strictObject({
    draftId: z.string(),
    kind: z.enum(["placement", "consumer_request"]),
    reviewStatus: z.enum(DRAFT_REVIEW_STATUSES),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  notice: z.string(),
});

/** Only drafts this connection (grant) created are visible; anything else is the same 404. */
function findOwnDraft(workspace: Workspace, { principal, stores }: ToolContext, draftId: string) {
  return workspace === "desk"
    ? stores.placementDrafts.findByGrant(principal.grantId, draftId)
    : stores.consumerRequestDrafts.findByGrant(principal.grantId, draftId);
}

export function getDraftStatusTool(workspace: Workspace) {
  return defineTool({
    workspace,
    name: "get_draft_status",
    access: "read",
    title: "Get draft status",
    description: "Returns the human-review status of a draft created by this connection. Reviewed does not mean sent.",
    inputSchema: getDraftStatusInputSchema,
    outputSchema: draftStatusSchema,
    handler: async (input, context) => {
      const draft = await findOwnDraft(workspace, context, input.draftId);
      if (draft === undefined) throw notFound("draft");
      const { draftId, kind, reviewStatus, createdAt, updatedAt } = draft;
      return { draft: { draftId, kind, reviewStatus, createdAt, updatedAt }, notice: DRAFT_STATUS_NOTICE };
    },
  });
}
