import { z } from "zod";
import { defineRoute } from "../api-v1-route.js";

const meSchema = z.strictObject({
  kind: z.enum(["desk", "consumer"]),
  via: z.enum(["session", "desk_key"]),
  deskId: z.string().optional(),
  deskName: z.string().optional(),
  role: z.enum(["owner", "member"]).nullable().optional(),
  consumerId: z.string().optional(),
  userId: z.string().nullable(),
  keyId: z.string().optional().describe("The desk key's id (never the key)."),
  csrfToken: z.string().optional().describe("Sessions only: send it as X-CSRF-Token with every POST and DELETE."),
});

export const meRoutes = [
  defineRoute({
    method: "get",
    path: "/me",
    operationId: "me",
    summary: "Who is calling",
    description: "The Desk (or consumer) and how the caller authenticated. A desk key is identified by its id, never shown.",
    tag: "identity",
    access: "signed_in",
    response: meSchema,
    errors: [],
    handle: async ({ actor, csrfToken, services }) => {
      const token = csrfToken === undefined ? {} : { csrfToken };
      if (actor.kind === "consumer") {
        return { kind: "consumer" as const, via: "session" as const, consumerId: actor.consumerId, userId: actor.userId, ...token };
      }
      const desk = await services.backOffice.stores.desks.find(actor.deskId);
      return {
        kind: "desk" as const,
        via: actor.via,
        deskId: actor.deskId,
        ...(desk === undefined ? {} : { deskName: desk.name }),
        role: actor.role,
        userId: actor.userId,
        ...(actor.keyId === undefined ? {} : { keyId: actor.keyId }),
        ...token,
      };
    },
  }),
];
