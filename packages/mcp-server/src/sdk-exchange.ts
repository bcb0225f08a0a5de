import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import type { Request, Response } from "express";
import type { McpCallContext } from "./tool-call.js";
import { createToolServer, type KeepRefusal, type WorkspaceServer } from "./tool-server.js";

/** Answers one POST (already authenticated, read and parsed) through the SDK, writing the response. */
export type SdkExchange = (req: Request, res: Response, body: unknown, calls: McpCallContext) => Promise<void>;

/** What the SDK's per-request factory needs from the route, found by the Web request it was handed. */
interface ExchangeContext {
  calls: McpCallContext;
  keepRefusal: KeepRefusal;
}

/**
 * The SDK's two ways in, for one workspace's server. A request opening the 2026-07-28 way goes to
 * the SDK's stateless handler (`createMcpHandler`, built once: it makes a server per request and
 * answers `server/discover`, the `_meta` envelope, the standard headers and every refusal the
 * revision defines). Anything else (initialize and the 2025-11-25 and 2025-06-18 requests after it)
 * goes to a fresh server on the SDK's stateless Streamable HTTP transport with JSON responses, which
 * makes every check of that transport in its own words (Accept 406, protocol version 400…); the
 * handler's own legacy path would answer with event streams. The SDK's `isLegacyRequest` decides,
 * so the era rule is the SDK's, not ours. A call that met a refusal of the whole request (missing
 * scope, outage) makes the whole POST that refusal, whatever the SDK's answer would have been.
 */
export function createSdkExchange(workspace: WorkspaceServer): SdkExchange {
  const contexts = new WeakMap<globalThis.Request, ExchangeContext>();
  // `legacy: "reject"`: the handshake revisions never reach it (they are routed below first). The
  // default response mode answers with one JSON body, since no tool sends anything before its result.
  const modern = createMcpHandler(
    ({ requestInfo }) => {
      const context = requestInfo === undefined ? undefined : contexts.get(requestInfo);
      if (context === undefined) throw new Error("A 2026-07-28 request reached the MCP handler without its connection");
      return createToolServer(workspace, context.calls, context.keepRefusal);
    },
    { legacy: "reject" },
  );

  return async (req, res, body, calls) => {
    const request = webRequest(req, calls.runtime.baseUrl);
    let refusal: unknown;
    const keepRefusal: KeepRefusal = (error) => {
      refusal ??= error;
    };
    let answer: globalThis.Response;
    if (await isLegacyRequest(request, body)) {
      const server = createToolServer(workspace, calls, keepRefusal);
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await server.connect(transport);
      try {
        answer = await transport.handleRequest(request, { parsedBody: body });
      } finally {
        await server.close();
      }
    } else {
      contexts.set(request, { calls, keepRefusal });
      answer = await modern.fetch(request, { parsedBody: body });
    }
    if (refusal !== undefined) throw refusal;
    const text = await answer.text();
    res.statusCode = answer.status;
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.end(text);
  };
}

/** The request as the SDK reads it: method, address (for handlers' request info) and every header; the body is passed parsed. */
function webRequest(req: Request, baseUrl: string): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return new globalThis.Request(new URL(req.originalUrl, baseUrl), { method: req.method, headers });
}
