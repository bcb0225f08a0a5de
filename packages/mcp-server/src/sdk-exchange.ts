import { sendJson } from "@connector/http";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Request, Response } from "express";
import { JsonExchangeTransport } from "./json-exchange-transport.js";
import { readJsonRpcPost } from "./json-rpc-request.js";
import { createMcpSession } from "./mcp-session.js";
import type { McpCallContext } from "./tool-call.js";

/**
 * Answers a POST through the SDK's server: initialize, tools/list, ping, notifications, batches
 * and anything malformed, which the SDK answers as the protocol says. A fresh server and
 * transport serve each request (an SDK transport cannot be reused across requests). A call that
 * met a refusal of the whole request (missing scope, outage) makes the whole POST that refusal.
 */
export async function answerWithSdk(req: Request, res: Response, body: unknown, listing: Tool[], calls: McpCallContext): Promise<void> {
  const messages = readJsonRpcPost(req.headers, body);
  const session = createMcpSession(listing, calls);
  const transport = new JsonExchangeTransport();
  await session.server.connect(transport);
  try {
    transport.deliver(messages, { requestInfo: { headers: req.headers as Record<string, string> } });
    const answers = await transport.answered;
    const refusal = session.refusal();
    if (refusal !== undefined) throw refusal;
    // Only notifications or responses: accepted, nothing to say (Streamable HTTP: 202).
    if (answers.length === 0) res.status(202).end();
    else sendJson(res, 200, Array.isArray(body) ? answers : answers[0]);
  } finally {
    await session.server.close();
  }
}
