import { ERROR_STATUS, type ErrorCode } from "@connector/core";
import { errorBodyJsonSchema } from "@connector/core/errors";
import { z } from "zod";
import type { ApiV1Route } from "../api-v1-route.js";

/** Codes any authenticated `/api/v1` call may answer, besides each route's own. */
const COMMON_ERRORS: readonly ErrorCode[] = [
  "invalid_input",
  "authentication_required",
  "invalid_api_key",
  "csrf_failed",
  "desk_required",
  "not_found",
  "payload_too_large",
  "unsupported_media_type",
  "service_unavailable",
];
const PUBLIC_ERRORS: readonly ErrorCode[] = ["service_unavailable"];

type JsonSchema = Record<string, unknown>;

/**
 * The version of the `/api/v1` description (and of discovery's `version`): minor for additions,
 * never a major within `/api/v1` (docs/developer-guide.md, "Versions and changes").
 */
export const API_V1_VERSION = "1.1.0";

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}


function parameters(route: ApiV1Route): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [where, schema] of [
    ["path", route.params],
    ["query", route.query],
  ] as const) {
    if (schema === undefined) continue;
    const object = jsonSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const { description, ...rest } = property as { description?: string };
      list.push({
        name,
        in: where,
        required: where === "path" || (object.required ?? []).includes(name),
        ...(description === undefined ? {} : { description }),
        schema: rest,
      });
    }
  }
  return list;
}

function responses(route: ApiV1Route): Record<string, JsonSchema> {
  const codes = [...new Set([...(route.access === "public" ? PUBLIC_ERRORS : COMMON_ERRORS), ...route.errors])];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const errors = [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, list]) => [
      String(status),
      {
        description: `Error: ${list.join(", ")}.`,
        content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
      },
    ]);
  return {
    [String(route.status ?? 200)]: {
      description: route.summary,
      content: { "application/json": { schema: jsonSchema(route.response, "output") } },
    },
    ...(route.accepted === undefined
      ? {}
      : {
          "202": {
            description: "Accepted: the work goes on after this answer; the Location header is its status resource, to read until it has ended.",
            headers: { Location: { schema: { type: "string" }, description: "The status resource of the work." } },
            content: { "application/json": { schema: jsonSchema(route.response, "output") } },
          },
        }),
    ...Object.fromEntries(errors),
  };
}

function operation(route: ApiV1Route): JsonSchema {
  const body = route.body;
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    tags: [route.tag],
    security: route.access === "public" ? [] : [{ DeskKey: [] }, { Session: [] }],
    ...(parameters(route).length === 0 ? {} : { parameters: parameters(route) }),
    ...(body === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: body.raw !== undefined
              ? { "application/octet-stream": { schema: { type: "string", format: "binary", description: body.raw.description } } }
              : {
              "application/json": { schema: jsonSchema(body.documented ?? body.schema, "input") },
              ...(body.csv === undefined
                ? {}
                : { "text/csv": { schema: { type: "string", description: body.csv.description } } }),
            },
          },
        }),
    responses: responses(route),
  };
}

/** OpenAPI 3.1 for `/api/v1`, generated from the same zod schemas the router validates with. */
export function buildApiV1OpenApi(routes: readonly ApiV1Route[], options: { baseUrl?: string } = {}) {
  const paths: Record<string, Record<string, unknown>> = {};
  // Routes served from the host root (the routing doors) override the `/api/v1` server per path.
  const rootServer =
    options.baseUrl === undefined
      ? { url: "{baseUrl}", variables: { baseUrl: { default: "http://127.0.0.1:3000", description: "The service's host root." } } }
      : { url: options.baseUrl };
  for (const route of routes) {
    const path = route.path === "" ? "/" : route.path.replace(/:([A-Za-z_]+)/g, "{$1}");
    paths[path] = {
      ...(paths[path] ?? (route.root === true ? { servers: [rootServer] } : {})),
      [route.method]: operation(route),
    };
  }
  const tags = [...new Set(routes.map((route) => route.tag))];
  return {
    openapi: "3.1.0",
    info: {
      title: "Connector service /api/v1",
      version: API_V1_VERSION,
      description:
        "The legacy interface for browsers and desk keys: placing accounts, reviewing drafts, Account Workflow. The service never sends messages, moves money or accepts settlements. Connector OAuth tokens do not authorize it.",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [
      options.baseUrl === undefined
        ? {
            url: "{baseUrl}/api/v1",
            variables: { baseUrl: { default: "http://127.0.0.1:3000", description: "The service's host root." } },
          }
        : { url: `${options.baseUrl}/api/v1` },
    ],
    tags: tags.map((name) => ({ name, description: `/api/v1 ${name}.` })),
    paths,
    components: {
      securitySchemes: {
        DeskKey: { type: "http", scheme: "bearer", description: "A desk key: Authorization: Bearer service_live_…" },
        Session: {
          type: "apiKey",
          in: "cookie",
          name: "connector_session",
          description: "A signed-in browser session (__Host-connector_session over https). Writes also send X-CSRF-Token.",
        },
      },
      schemas: { ErrorBody: errorBodyJsonSchema },
    },
  };
}
