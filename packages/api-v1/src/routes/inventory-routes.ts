import { skipInventory } from "@connector/core/escalations";
import { z } from "zod";
import { defineRoute } from "../api-v1-route.js";

export const inventoryRoutes = [
  defineRoute({
    method: "get",
    path: "/inventory/skip",
    operationId: "skipInventory",
    summary: "Count accounts not yet skip-traced",
    description: [
      "The number of this Desk's accounts not yet skip-traced, counted from recorded state.",
      "When any account's skip-trace state was never recorded (placed before the service kept track), notSkipped is the string unknown with the reason: never an estimate.",
    ].join(" "),
    tag: "inventory",
    access: "desk",
    response: z.union([
      z.strictObject({ notSkipped: z.number().int().min(0), accounts: z.number().int().min(0) }),
      z.strictObject({ notSkipped: z.literal("unknown"), accounts: z.number().int().min(0), reason: z.string() }),
    ]),
    errors: [],
    handle: async ({ actor, services }) => skipInventory(services.backOffice, actor),
  }),
];
