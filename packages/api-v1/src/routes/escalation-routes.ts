import { createEscalation, escalationInputSchema } from "@connector/core/escalations";
import { identifierSchema } from "@connector/core/schemas";
import { z } from "zod";
import { defineRoute } from "../api-v1-route.js";
import { checkedByOperation, timestamp } from "../schemas.js";

export const escalationRoutes = [
  defineRoute({
    method: "post",
    path: "/escalations",
    operationId: "createEscalation",
    summary: "Escalate to a human",
    description:
      "Records a request for a person at the service to look at something an agent should not decide alone. The reason and context must carry no personal data (checked). Nothing is sent to anyone.",
    tag: "escalations",
    access: "desk",
    body: { schema: checkedByOperation, documented: escalationInputSchema },
    response: z.strictObject({ escalationId: identifierSchema, status: z.literal("open"), createdAt: timestamp, notice: z.string() }),
    status: 201,
    errors: ["forbidden_personal_data"],
    handle: async ({ actor, body, services }) => createEscalation(services.backOffice, actor, body),
  }),
];
