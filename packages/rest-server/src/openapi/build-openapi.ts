import {
  type CatalogueEntry,
  CONNECTOR_CONTRACT_VERSION,
  SCOPES,
  type ToolCatalogue,
  type Workspace,
  WORKSPACES,
} from "@connector/core";
import { CONFLICT_RESPONSE, ERROR_RESPONSES, errorBodySchema, rateLimitHeaders } from "./error-responses.js";

/** The description's version: the connector contract's, which the MCP servers report too. */
export const OPENAPI_VERSION = CONNECTOR_CONTRACT_VERSION;
export const SECURITY_SCHEME = "ServiceOAuth";

export interface OpenApiOptions {
  /** The service's base URL; omit to publish `{baseUrl}` as a server variable (the copy in the repo). */
  baseUrl?: string;
  /** One workspace's tools, or both when omitted. */
  workspace?: Workspace;
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

function operation(tool: CatalogueEntry) {
  const errors = tool.access === "draft" ? [...ERROR_RESPONSES, CONFLICT_RESPONSE] : [...ERROR_RESPONSES];
  return {
    operationId: `${tool.workspace}_${tool.name}`,
    summary: tool.title,
    description: tool.description,
    tags: [tool.workspace],
    security: [{ [SECURITY_SCHEME]: [tool.scope] }],
    requestBody: { required: true, content: { "application/json": { schema: tool.inputJsonSchema } } },
    responses: {
      "200": {
        description: "Tool result.",
        headers: rateLimitHeaders,
        content: { "application/json": { schema: tool.outputJsonSchema } },
      },
      ...Object.fromEntries(
        errors.sort((a, b) => a.status.localeCompare(b.status)).map((error) => [error.status, ref(error.name)]),
      ),
    },
  };
}

/** OpenAPI 3.1 generated from the catalogue's zod schemas (spec §4.1, §5.1.12, §9). Never edited by hand. */
export function buildOpenApiDocument(catalogue: ToolCatalogue, options: OpenApiOptions = {}) {
  const workspaces = options.workspace === undefined ? WORKSPACES : [options.workspace];
  const root = options.baseUrl ?? "{baseUrl}";
  const tools = workspaces.flatMap((workspace) => catalogue.forWorkspace(workspace));
  const scopes = Object.entries(SCOPES).filter(([, scope]) => workspaces.includes(scope.workspace));
  return {
    openapi: "3.1.0",
    info: {
      title: options.workspace === undefined ? "Connector tools" : `Connector tools: ${options.workspace}`,
      version: OPENAPI_VERSION,
      description:
        "Permission-scoped tools an AI agent calls for a signed-in person. Drafts are saved for human review; the service never sends messages, moves money, accepts settlements or changes offers. The same tools are served over MCP (Streamable HTTP) at {baseUrl}/mcp/desk and {baseUrl}/mcp/resolve, in MCP 2026-07-28 (stateless: server/discover, per-request _meta) and in 2025-11-25 and 2025-06-18 (initialize).",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [
      options.baseUrl === undefined
        ? {
            url: "{baseUrl}/api/connectors/v1",
            variables: { baseUrl: { default: "http://127.0.0.1:3000", description: "The service's host root." } },
          }
        : { url: `${root}/api/connectors/v1` },
    ],
    tags: workspaces.map((workspace) => ({
      name: workspace,
      description: workspace === "desk" ? "Creditor, buyer and agency desks." : "Consumers reviewing debt-collection contact.",
    })),
    paths: Object.fromEntries(tools.map((tool) => [`/${tool.workspace}/tools/${tool.name}`, { post: operation(tool) }])),
    components: {
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: "oauth2",
          description:
            "Authorization code with PKCE (S256). Tokens are bound to one workspace. A client identifies itself with a Client ID Metadata Document (its client_id is the https URL of its metadata; the authorization server metadata says client_id_metadata_document_supported) or, as the deprecated fallback, registers at /oauth/register (RFC 7591) as a public client. Tokens may be bound to the client's key with DPoP (RFC 9449): send a DPoP proof to the token endpoint, then each call as Authorization: DPoP <token> with a fresh proof in the DPoP header.",
          flows: {
            authorizationCode: {
              authorizationUrl: `${root}/oauth/authorize`,
              tokenUrl: `${root}/oauth/token`,
              refreshUrl: `${root}/oauth/token`,
              scopes: Object.fromEntries(scopes.map(([name, scope]) => [name, scope.meaning])),
            },
          },
        },
      },
      schemas: { ErrorBody: errorBodySchema },
      responses: Object.fromEntries(
        [...ERROR_RESPONSES, CONFLICT_RESPONSE].map((error) => [
          error.name,
          {
            description: error.description,
            ...(error.headers === undefined ? {} : { headers: error.headers }),
            content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
          },
        ]),
      ),
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
