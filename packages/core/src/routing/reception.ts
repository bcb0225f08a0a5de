import { findSensitiveNumber } from "../guard/personal-data-guard.js";
import { parseArguments } from "../schemas/parse-arguments.js";
import { askInputSchema, type Route } from "./door-route.js";
import { routeByRules } from "./route-by-rules.js";
import { routeWithService } from "./route-ask.js";
import { vendorFailed, vendorNotConfigured } from "./vendor-errors.js";
import type { DoorServices } from "./vendor-ports.js";

export interface ReceptionAnswer {
  route: Route;
  routedBy: "rules" | "routing_service";
  reply: string;
  replyBy: "template" | "llm";
}

/** Replies for clear cases: fixed words, reviewed once, with nothing a model could get wrong. */
const TEMPLATE_REPLIES = {
  desk: "This is Desk work: placing and managing accounts. Sign in to your Desk to save placements for review.",
  collect: "It sounds like your business is owed money. Sign in to your Desk to place those accounts with an agency.",
  chargebacks: "This is about a card chargeback. The chargebacks door explains what records to gather for the dispute.",
  resolve_call:
    "It sounds like a debt collector is calling you. Resolve helps you review the contact and prepare a request about how and when you may be contacted. Nothing is sent until you send it.",
  resolve_letter:
    "It sounds like you received a letter from a debt collector. Resolve helps you review it and prepare a request for documents about the debt. Nothing is sent until you send it.",
} as const;

function templateReply(route: Route): string {
  return route.door === "resolve" ? TEMPLATE_REPLIES[`resolve_${route.resolveChannel!}`] : TEMPLATE_REPLIES[route.door];
}

/** What the language model is told. It writes a short pointer to the door, nothing more. */
export const RECEPTION_INSTRUCTIONS = [
  "You are the reception of a debt-placement and consumer-review service.",
  "In at most three sentences, tell the person which door fits their ask and what they can do there.",
  "Never give legal advice, never say whether a debt is valid or owed, never propose, accept or change payment amounts or settlements,",
  "never promise that anything will be sent, and never ask for or repeat personal data.",
].join(" ");

/** The longest reply reception passes on; the model is asked for no more. */
export const MAX_REPLY_CHARACTERS = 1200;

/**
 * POST /api/reception: routing first. A clear case is routed by rules and answered from a template,
 * with no service called. Otherwise the routing service routes and the language model writes the
 * reply; either one missing, slow or failing fails the answer closed. The model's reply is checked
 * like input (no SSN, card or routing number) and bounded, or it is not passed on.
 */
export async function receive(services: DoorServices, input: unknown): Promise<ReceptionAnswer> {
  const { text } = parseArguments(askInputSchema, input);
  const clear = routeByRules(text);
  if (clear !== undefined) return { route: clear, routedBy: "rules", reply: templateReply(clear), replyBy: "template" };

  // Checked before the routing call, so an unconfigured model costs no routing request.
  if (!services.languageModel.configured) throw vendorNotConfigured("llm");
  const route = await routeWithService(services.routing, text);
  const reply = (await services.languageModel.reply({ instructions: RECEPTION_INSTRUCTIONS, text, route })).trim();
  if (reply === "" || reply.length > MAX_REPLY_CHARACTERS || findSensitiveNumber(reply) !== undefined) {
    throw vendorFailed("llm");
  }
  return { route, routedBy: "routing_service", reply, replyBy: "llm" };
}

/** GET /api/reception (spec §4.3): `{ ready: { llm, typesafe: { hosted } } }`, never an address or key. */
export function receptionReadiness(services: DoorServices): { ready: { llm: boolean; typesafe: { hosted: boolean } } } {
  return { ready: { llm: services.languageModel.configured, typesafe: { hosted: services.routing.configured } } };
}
