import { acceptDeskAgreement, getDeskAgreementStatus } from "@connector/core/desk-agreement";
import { z } from "zod";
import { defineRoute } from "../api-v1-route.js";
import { timestamp } from "../schemas.js";

const statusSchema = z.strictObject({
  agreement: z.strictObject({ version: z.string(), title: z.string(), text: z.string() }),
  acceptance: z.strictObject({ version: z.string(), acceptedAt: timestamp }).nullable(),
});

export const agreementRoutes = [
  defineRoute({
    method: "get",
    path: "/agreement",
    operationId: "getDeskAgreement",
    summary: "The Desk agreement",
    description: "The current Desk agreement and whether the signed-in person accepted this version.",
    tag: "review",
    access: "desk",
    response: statusSchema,
    errors: [],
    handle: async ({ actor, services }) => getDeskAgreementStatus(services.backOffice, actor),
  }),
  defineRoute({
    method: "post",
    path: "/agreement/accept",
    operationId: "acceptDeskAgreement",
    summary: "Accept the Desk agreement",
    description: "The signed-in Desk owner accepts the current version (send its version). Needed before approving placement drafts.",
    tag: "review",
    access: "desk",
    body: { schema: z.strictObject({ version: z.string().min(1).max(40) }) },
    response: statusSchema,
    errors: ["owner_required", "agreement_version_mismatch"],
    handle: async ({ actor, body, services }) => acceptDeskAgreement(services.backOffice, actor, body),
  }),
];
