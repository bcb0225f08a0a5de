import { trace } from "@opentelemetry/api";
import { recordToolCall } from "../activity/record-tool-call.js";
import type { ConnectionActivityRecorder } from "../ports/connection-activity.js";
import type { ConnectorPrincipal } from "../ports/connector-principal.js";
import type { ToolStores } from "../ports/tool-stores.js";
import { DEFAULT_LANGUAGE, type Language } from "../resolve/languages.js";
import { type ChildSpan, inChildSpan } from "../tracing/child-span.js";
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

const tracer = trace.getTracer("@connector/core");

/**
 * The one path every connector call takes, whichever adapter received it, once the gate has
 * resolved the tool and checked the connection's workspace and scope: refuse NUL characters, validate, refuse personal
 * data, run; and, whatever the outcome, note the call in the connection's activity trail.
 */
export function executeTool(runtime: ToolRuntime, call: ToolCall): Promise<unknown> {
  const now = runtime.now ?? (() => new Date());
  return inChildSpan(tracer, toolSpan(call.tool.name), () =>
    recordToolCall(runtime.activity, { grantId: call.principal.grantId, tool: call.tool.name, now }, () => runTool(runtime, call, now)),
  );
}

/**
 * A tool's span, by OpenTelemetry's GenAI conventions for executing a tool (`execute_tool {gen_ai.tool.name}`):
 * the catalogue's name of the tool, never its arguments or result (docs/decisions.md, "Observability").
 */
function toolSpan(name: string): ChildSpan {
  let span = TOOL_SPANS.get(name);
  if (span === undefined) {
    span = {
      name: `execute_tool ${name}`,
      attributes: { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": name, "gen_ai.tool.type": "function" },
    };
    TOOL_SPANS.set(name, span);
  }
  return span;
}
/** Each tool's span description, made once (the catalogue's names are a fixed set). */
const TOOL_SPANS = new Map<string, ChildSpan>();

/** The personal-data policy and the schema, the check a call's arguments meet before the handler runs. */
const INPUT_CHECK: ChildSpan = { name: "check input" };

async function runTool(runtime: ToolRuntime, call: ToolCall, now: () => Date): Promise<unknown> {
  const { tool } = call;
  // Every adapter's arguments meet this one check (MCP's body reader leaves them to it): NUL
  // characters, the tool's schema, then personal data, as /api/v1 and the pages check theirs.
  const input = inChildSpan(tracer, INPUT_CHECK, () => validateInput(tool.inputSchema, call.arguments));
  return tool.handler(input, {
    principal: call.principal,
    stores: runtime.stores,
    catalogue: runtime.catalogue,
    baseUrl: runtime.baseUrl.replace(/\/+$/, ""),
    now,
    language: call.language ?? DEFAULT_LANGUAGE,
  });
}
