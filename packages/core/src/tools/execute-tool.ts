import { recordToolCall } from "../activity/record-tool-call.js";
import type { ConnectionActivityRecorder } from "../ports/connection-activity.js";
import type { ConnectorPrincipal } from "../ports/connector-principal.js";
import type { ToolStores } from "../ports/tool-stores.js";
import { DEFAULT_LANGUAGE, type Language } from "../resolve/languages.js";
import { validateInput } from "../validation/validate-input.js";
import type { CatalogueEntry, ToolCatalogue } from "./catalogue.js";

/** What stays the same for every call: built once by the host. */
export interface ToolRuntime {
  catalogue: ToolCatalogue;
  /** What the tools read and write: a `UnitOfWork` fits, and so does anything with just these stores. */
  stores: ToolStores;
  baseUrl: string;
  now?: () => Date;
  /** Told of every failure that is not the caller's fault (500s and outages), with the request's id, for the host's logs. */
  reportError?: (error: unknown, requestId?: string) => void;
  /** Told of every call (tool, when, result) for the connection's activity trail; never the arguments. */
  activity?: ConnectionActivityRecorder;
}

export interface ToolCall {
  /** The tool as `resolveTool` found it. */
  tool: CatalogueEntry;
  arguments: unknown;
  /** A connection admitted for the tool's workspace and scope (`@connector/http`'s connector-request.ts, or the host's own check). */
  principal: ConnectorPrincipal;
  /**
   * The language the HTTP request prefers, as the adapter read it from `Accept-Language` (`@connector/http`'s
   * `preferredLanguage`); English when absent. The tool's arguments never carry it (get_resolve_guide takes none).
   */
  language?: Language;
}

/**
 * The one path every connector call takes, whichever adapter received it, once the gate has
 * resolved the tool and checked the connection's workspace and scope: refuse NUL characters, validate, refuse personal
 * data, run; and, whatever the outcome, note the call in the connection's activity trail.
 */
export function executeTool(runtime: ToolRuntime, call: ToolCall): Promise<unknown> {
  const now = runtime.now ?? (() => new Date());
  return recordToolCall(runtime.activity, { grantId: call.principal.grantId, tool: call.tool.name, now }, () =>
    runTool(runtime, call, now),
  );
}

async function runTool(runtime: ToolRuntime, call: ToolCall, now: () => Date): Promise<unknown> {
  const { tool } = call;
  // Every adapter's arguments meet this one check (MCP's body reader leaves them to it): NUL
  // characters, the tool's schema, then personal data, as /api/v1 and the pages check theirs.
  const input = validateInput(tool.inputSchema, call.arguments);
  return tool.handler(input, {
    principal: call.principal,
    stores: runtime.stores,
    catalogue: runtime.catalogue,
    baseUrl: runtime.baseUrl.replace(/\/+$/, ""),
    now,
    language: call.language ?? DEFAULT_LANGUAGE,
  });
}
