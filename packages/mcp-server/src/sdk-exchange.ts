import { sendJson } from "@connector/core";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Request, Response } from "express";
import { JsonExchangeTransport } from "./json-exchange-transport.js";
import { readJsonRpcPost } from "./json-rpc-request.js";
import { createMcpSession, type ToolRunner } from "./mcp-session.js";

/**
 * Answers a POST through the SDK's server: initialize, tools/list, ping, notifications, batches
 * and anything malformed, which the SDK answers as the protocol says. A fresh server and
 * transport serve each request (an SDK transport cannot be reused across requests).
 */
export async function answerWithSdk(
  req: Request,
  res: Response,
  body: unknown,
  listing: Tool[],
  runTool: ToolRunner,
  reportError?: (error: unknown) => void,
): Promise<void> {
  const messages = readJsonRpcPost(req.headers, body);
  const server = createMcpSession(listing, runTool, reportError);
  const transport = new JsonExchangeTransport();
  await server.connect(transport);
  try {
    transport.deliver(messages, { requestInfo: { headers: req.headers as Record<string, string> } });
    const answers = await transport.answered;
    // Only notifications or responses: accepted, nothing to say (Streamable HTTP: 202).
    if (answers.length === 0) res.status(202).end();
    else sendJson(res, 200, Array.isArray(body) ? answers : answers[0]);
  } finally {
    await server.close();
  }
}
