import type { RoutingService } from "@connector/core/ports";
import { type Route, vendorFailed, vendorNotConfigured } from "@connector/core/routing";
import { z } from "zod";
import { postJson, vendorProblem } from "./post-json.js";
import { isConfigured, type VendorConfig } from "./vendor-config.js";

/**
 * The routing service's answer (docs/decisions.md, "Routing doors"). Extra properties are ignored;
 * a missing or unknown door, or a resolve route without its call-or-letter choice, is no answer.
 */
const routingAnswerSchema = z.object({
  door: z.enum(["desk", "resolve", "collect", "chargebacks"]),
  resolveChannel: z.enum(["call", "letter"]).nullish(),
});

/** `POST {url}/v1/route` with `{ text }` → `{ door, resolveChannel }`. */
export function createRoutingServiceClient(config: VendorConfig): RoutingService {
  return {
    configured: isConfigured(config),
    async route(text: string): Promise<Route> {
      if (!isConfigured(config)) throw vendorNotConfigured("routing");
      const body = await postJson({
        vendor: "routing",
        baseUrl: config.url,
        path: "v1/route",
        key: config.key,
        timeoutMs: config.timeoutMs,
        body: { text },
      });
      const parsed = routingAnswerSchema.safeParse(body);
      if (!parsed.success) throw vendorFailed("routing", vendorProblem("unexpected_answer"));
      const { door, resolveChannel } = parsed.data;
      if (door !== "resolve") return { door, resolveChannel: null };
      if (resolveChannel == null) throw vendorFailed("routing", vendorProblem("unexpected_answer"));
      return { door, resolveChannel };
    },
  };
}
