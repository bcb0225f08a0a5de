import { identifierSchema } from "@connector/core/schemas";
import { pathParams } from "@connector/core/validation";
import { z } from "zod";
import { defineRoute } from "../api-v1-route.js";
import { timestamp } from "../schemas.js";

const deskKeySchema = z.strictObject({
  keyId: identifierSchema,
  name: z.string(),
  createdByUserId: z.string(),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable(),
  revokedAt: timestamp.nullable(),
});

export const deskKeyRoutes = [
  defineRoute({
    method: "post",
    path: "/keys",
    operationId: "mintDeskKey",
    summary: "Mint a desk key",
    description:
      "The signed-in Desk owner mints a named key for an agent. The key is in this answer only; the service keeps its hash and can never show it again.",
    tag: "keys",
    access: "desk",
    body: { schema: z.strictObject({ name: z.string().min(1).max(80).describe("What the key is for, e.g. the agent's name.") }) },
    response: z.strictObject({ key: z.string().describe("service_live_…: shown once."), deskKey: deskKeySchema }),
    status: 201,
    errors: ["owner_required", "forbidden_personal_data"],
    handle: async ({ actor, body, services }) => services.deskKeys.mint(actor, body),
  }),
  defineRoute({
    method: "get",
    path: "/keys",
    operationId: "listDeskKeys",
    summary: "List desk keys",
    description: "The Desk's keys with names, creation and last-use times, and revocation times. Never the keys.",
    tag: "keys",
    access: "desk",
    response: z.strictObject({ keys: z.array(deskKeySchema) }),
    errors: ["owner_required"],
    handle: async ({ actor, services }) => ({ keys: await services.deskKeys.list(actor) }),
  }),
  defineRoute({
    method: "delete",
    path: "/keys/:keyId",
    operationId: "revokeDeskKey",
    summary: "Revoke a desk key",
    description: "Revokes the key at once: the next request with it is refused.",
    tag: "keys",
    access: "desk",
    params: pathParams("keyId"),
    response: z.strictObject({ revoked: z.literal(true) }),
    errors: ["owner_required"],
    handle: async ({ actor, params, services }) => {
      await services.deskKeys.revoke(actor, params.keyId);
      return { revoked: true as const };
    },
  }),
];
