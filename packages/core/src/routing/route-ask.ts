import { parseArguments } from "../schemas/parse-arguments.js";
import { askInputSchema, type Route } from "./door-route.js";
import { vendorNotConfigured } from "./vendor-errors.js";
import type { DoorServices, RoutingService } from "./vendor-ports.js";

export interface RouteAnswer {
  route: Route;
  routedBy: "rules" | "routing_service";
}

/** The routing service's route, or a fail-closed error: without the hosted key nothing is asked. */
export async function routeWithService(routing: RoutingService, text: string): Promise<Route> {
  if (!routing.configured) throw vendorNotConfigured("routing");
  return routing.route(text);
}

/**
 * POST /api/agents/route: the text passes the personal-data guard (it would be sent to a third
 * party) and is routed by the routing service.
 */
export async function routeAsk(services: DoorServices, input: unknown): Promise<RouteAnswer> {
  const { text } = parseArguments(askInputSchema, input);
  return { route: await routeWithService(services.routing, text), routedBy: "routing_service" };
}

/** GET /api/agents/route (spec §4.3): readiness only, never an address or key. */
export function routeDoorReadiness(services: DoorServices): { hosted: boolean; ready: { llm: boolean; typesafe: boolean } } {
  return {
    hosted: services.routing.configured,
    ready: { llm: services.languageModel.configured, typesafe: services.routing.configured },
  };
}
