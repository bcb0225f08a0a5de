/** `@connector/core/routing`: The routing doors: routing an ask by rules or a vendor service, reception, their limits and vendor errors. */
export { DOOR_RATE_LIMIT } from "../routing/door-rate-limit.js";
export {
  askInputSchema,
  DOORS,
  type Door,
  RESOLVE_CHANNELS,
  type ResolveChannel,
  type Route,
  routeSchema,
} from "../routing/door-route.js";
export { MAX_REPLY_CHARACTERS, RECEPTION_INSTRUCTIONS, type ReceptionAnswer, receive, receptionReadiness } from "../routing/reception.js";
export { type RouteAnswer, routeAsk, routeDoorReadiness, routeWithService } from "../routing/route-ask.js";
export { routeByRules } from "../routing/route-by-rules.js";
export { type VendorName, vendorFailed, vendorNotConfigured, vendorTimeout } from "../routing/vendor-errors.js";
