import {
  askInputSchema,
  DOOR_RATE_LIMIT,
  DOORS,
  receive,
  receptionReadiness,
  RESOLVE_CHANNELS,
  routeAsk,
  routeDoorReadiness,
} from "@connector/core/routing";
import { z } from "zod";
import { defineRoute } from "../api-v1-route.js";

const routeSchema = z.strictObject({
  door: z.enum(DOORS),
  resolveChannel: z.enum(RESOLVE_CHANNELS).nullable().describe("For the resolve door: calls or a letter; null for the others."),
});

const VENDOR_FAILURES = ["routing_not_configured", "routing_timeout", "routing_failed"] as const;
const DOOR_INPUT_ERRORS = ["invalid_input", "forbidden_personal_data", "payload_too_large", "unsupported_media_type", "rate_limited"] as const;

/**
 * The first-party routing doors of spec §4.3, served from the host root. They ask for no session:
 * the homepage's ask box calls them before anyone signs in, and they read or change nothing of
 * anyone's. The vendors' addresses and keys stay on the server; readiness answers booleans.
 */
export const doorRoutes = [
  defineRoute({
    method: "post",
    path: "/api/agents/route",
    root: true,
    operationId: "routeAsk",
    summary: "Route an ask to a door",
    description: [
      "Public. Sends the text (checked first for personal data) to the third-party routing service with the server's hosted key and answers its route: desk, resolve (with call or letter), collect or chargebacks.",
      "Without a hosted key, or when the service fails or times out, the answer is an error (routing_not_configured 503, routing_failed 502, routing_timeout 504): never an invented route.",
    ].join(" "),
    tag: "doors",
    access: "public",
    limit: DOOR_RATE_LIMIT,
    body: { schema: askInputSchema },
    response: z.strictObject({ route: routeSchema, routedBy: z.enum(["rules", "routing_service"]) }),
    errors: [...DOOR_INPUT_ERRORS, ...VENDOR_FAILURES],
    handle: async ({ body, services }) => routeAsk(services.doors, body),
  }),
  defineRoute({
    method: "get",
    path: "/api/agents/route",
    root: true,
    operationId: "routeDoorReadiness",
    summary: "Whether the routing door can answer",
    description: "Public. hosted: the server holds a key for the routing service. ready.llm, ready.typesafe: the language-model and routing services are configured. Never a key or address.",
    tag: "doors",
    access: "public",
    response: z.strictObject({ hosted: z.boolean(), ready: z.strictObject({ llm: z.boolean(), typesafe: z.boolean() }) }),
    errors: [],
    handle: async ({ services }) => routeDoorReadiness(services.doors),
  }),
  defineRoute({
    method: "post",
    path: "/api/reception",
    root: true,
    operationId: "receive",
    summary: "Ask the homepage reception",
    description: [
      "Public. Routing first: a clear case is routed by fixed rules and answered from a fixed text, with no service called.",
      "Otherwise the routing service routes and the language-model service writes a short reply. Any of them missing, slow or failing is an error, never an invented answer.",
    ].join(" "),
    tag: "doors",
    access: "public",
    limit: DOOR_RATE_LIMIT,
    body: { schema: askInputSchema },
    response: z.strictObject({
      route: routeSchema,
      routedBy: z.enum(["rules", "routing_service"]),
      reply: z.string(),
      replyBy: z.enum(["template", "llm"]),
    }),
    errors: [...DOOR_INPUT_ERRORS, ...VENDOR_FAILURES, "llm_not_configured", "llm_timeout", "llm_failed"],
    handle: async ({ body, services }) => receive(services.doors, body),
  }),
  defineRoute({
    method: "get",
    path: "/api/reception",
    root: true,
    operationId: "receptionReadiness",
    summary: "Whether reception can answer",
    description: "Public. ready.llm: the language-model service is configured; ready.typesafe.hosted: the routing service's hosted key is. Never a key or address.",
    tag: "doors",
    access: "public",
    response: z.strictObject({ ready: z.strictObject({ llm: z.boolean(), typesafe: z.strictObject({ hosted: z.boolean() }) }) }),
    errors: [],
    handle: async ({ services }) => receptionReadiness(services.doors),
  }),
];
