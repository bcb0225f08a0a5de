import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Request, Response } from "express";
import { createMcpSession } from "./mcp-session.js";
import type { McpCallContext } from "./tool-call.js";

/**
 * Answers a POST through the SDK: its Streamable HTTP transport (stateless, JSON responses) makes
 * every check of the transport specification in its own words (Accept 406, Content-Type 415,
 * JSON-RPC parse 400, batch size, one initialize, protocol version 400, notifications 202), and a
 * fresh SDK server answers initialize, tools/list, ping, batches and malformed calls. The body was
 * already read and parsed by the route, so the Web Request handed to the transport carries only the
 * method, address and headers. A call that met a refusal of the whole request (missing scope,
 * outage) makes the whole POST that refusal, whatever the transport's answer would have been.
 */
export async function answerWithSdk(req: Request, res: Response, body: unknown, listing: Tool[], calls: McpCallContext): Promise<void> {
  const session = createMcpSession(listing, calls);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await session.server.connect(transport);
  try {
    const answer = await transport.handleRequest(webRequest(req, calls.runtime.baseUrl), { parsedBody: body });
    const refusal = session.refusal();
    if (refusal !== undefined) throw refusal;
    const text = await answer.text();
    res.statusCode = answer.status;
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.end(text);
  } finally {
    await session.server.close();
  }
}

/** The request as the transport reads it: method, address (for handlers' request info) and every header. */
function webRequest(req: Request, baseUrl: string): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return new globalThis.Request(new URL(req.originalUrl, baseUrl), { method: req.method, headers });
}
