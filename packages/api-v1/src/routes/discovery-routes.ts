import { z } from "zod";
import { defineRoute } from "../api-v1-route.js";
import { API_V1_VERSION, buildApiV1OpenApi } from "../openapi/build-api-v1-openapi.js";

export { API_V1_VERSION };

const discoverySchema = z.strictObject({
  name: z.string(),
  version: z.string(),
  authentication: z.array(z.strictObject({ method: z.enum(["session", "desk_key"]), description: z.string() })),
  openapi: z.string().meta({ format: "uri" }),
  endpoints: z.array(z.strictObject({ method: z.string(), path: z.string(), summary: z.string(), access: z.string() })),
});

const documents = new Map<string, unknown>();

export const discoveryRoutes = [
  defineRoute({
    method: "get",
    path: "",
    operationId: "discover",
    summary: "Discover the interface",
    description: "The endpoints of /api/v1, how to authenticate, and the version. Public.",
    tag: "discovery",
    access: "public",
    response: discoverySchema,
    errors: [],
    handle: async ({ services, routes }) => ({
      name: "Connector service /api/v1",
      version: API_V1_VERSION,
      authentication: [
        { method: "session" as const, description: "A signed-in browser session (sign in at /signin). Writes send X-CSRF-Token from GET /api/v1/me." },
        {
          method: "desk_key" as const,
          description: "Authorization: Bearer service_live_… — a desk key a signed-in Desk owner mints. Connector OAuth tokens are refused.",
        },
      ],
      openapi: `${services.baseUrl}/api/v1/openapi.json`,
      endpoints: routes.map((route) => ({
        method: route.method.toUpperCase(),
        path: `${route.root === true ? "" : "/api/v1"}${route.path.replace(/:([A-Za-z]+)/g, "{$1}")}`,
        summary: route.summary,
        access: route.access,
      })),
    }),
  }),
  defineRoute({
    method: "get",
    path: "/openapi.json",
    operationId: "openapi",
    summary: "OpenAPI document",
    description: "This interface as an OpenAPI 3.1 document, generated from the schemas the endpoints validate with. Public.",
    tag: "discovery",
    access: "public",
    response: z.looseObject({ openapi: z.string() }),
    errors: [],
    handle: async ({ services, routes }) => {
      let document = documents.get(services.baseUrl);
      if (document === undefined) {
        document = buildApiV1OpenApi(routes, { baseUrl: services.baseUrl });
        documents.set(services.baseUrl, document);
      }
      return document;
    },
  }),
];
