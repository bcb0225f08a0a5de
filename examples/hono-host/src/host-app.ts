import {
  CONNECTOR_CONTRACT_VERSION,
  type CatalogueEntry,
  type ConnectorPrincipal,
  executeTool,
  resolveTool,
  ServiceError,
  type ToolRuntime,
} from "@connector/core";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { PrincipalOf } from "./api-key-principals.js";
import { errorResponse, noPrincipal } from "./error-response.js";
import { readToolArguments } from "./read-tool-arguments.js";

export interface HostAppOptions {
  /** Built once at start: the catalogue, the stores, the base URL (`openHostRuntime`). */
  runtime: ToolRuntime;
  /** The host's own authentication: who is calling. */
  principalOf: PrincipalOf;
}

/** What a route knows once the host has let the request in. */
type HostEnv = { Variables: { principal: ConnectorPrincipal } };

/** The connector's limit on a tool call's body (spec §4.1), kept by this host too. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * The whole host: a Hono app (a `fetch(request) → response` function, so it runs on Node, Deno, Bun or a
 * worker). Transport and authentication are the host's; every rule (which tools a workspace has, the
 * scope each needs, input validation, personal data, the result's shape, the error codes) is core's.
 */
export function createHostApp({ runtime, principalOf }: HostAppOptions): Hono<HostEnv> {
  const app = new Hono<HostEnv>();
  const report = (error: unknown) => runtime.reportError?.(error);

  app.onError((error) => errorResponse(error, report));
  app.notFound(() => errorResponse(new ServiceError("not_found", "This host serves GET /tools and POST /tools/{name}."), report));

  // No principal, no answer: each route runs for a known connection only.
  const requirePrincipal = createMiddleware<HostEnv>(async (c, next) => {
    const principal = await principalOf(c.req.raw);
    if (principal === undefined) throw noPrincipal();
    c.set("principal", principal);
    await next();
  });

  // The catalogue of the caller's workspace, as an MCP or REST client would discover it.
  app.get("/tools", requirePrincipal, (c) => {
    const { workspace } = c.get("principal");
    return c.json({
      contractVersion: CONNECTOR_CONTRACT_VERSION,
      workspace,
      tools: runtime.catalogue.forWorkspace(workspace).map(describeTool),
    });
  });

  // Resolve in the caller's workspace (404 unknown_tool), check the scope (403), then core runs the call.
  app.post(
    "/tools/:name",
    requirePrincipal,
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => errorResponse(new ServiceError("payload_too_large", "Send at most 64 KiB of arguments."), report),
    }),
    async (c) => {
      const principal = c.get("principal");
      const tool = resolveTool(runtime.catalogue, principal.workspace, c.req.param("name"));
      if (!principal.scopes.includes(tool.scope)) {
        throw new ServiceError("insufficient_scope", `${tool.name} needs the ${tool.scope} scope, which this API key does not have.`);
      }
      const args = await readToolArguments(c.req.raw);
      return c.json(await executeTool(runtime, { tool, arguments: args, principal }));
    },
  );
  return app;
}

function describeTool(tool: CatalogueEntry) {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    scope: tool.scope,
    inputSchema: tool.inputJsonSchema,
    outputSchema: tool.outputJsonSchema,
  };
}
