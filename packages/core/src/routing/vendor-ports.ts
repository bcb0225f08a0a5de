import type { Route } from "./door-route.js";

/**
 * The third-party routing service (spec §4.3). `configured` is true when the server has both its
 * address and its hosted key. `route` throws the `routing_*` service errors on any failure.
 */
export interface RoutingService {
  readonly configured: boolean;
  route(text: string): Promise<Route>;
}

export interface ReplyRequest {
  /** Fixed instructions from the service: what the model may and may not say. */
  instructions: string;
  /** The person's words. */
  text: string;
  route: Route;
}

/** The language-model service. `reply` throws the `llm_*` service errors on any failure. */
export interface LanguageModel {
  readonly configured: boolean;
  reply(request: ReplyRequest): Promise<string>;
}

export interface DoorServices {
  routing: RoutingService;
  languageModel: LanguageModel;
}
