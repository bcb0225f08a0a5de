import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { callMcp, callRest, connectMcp } from "./tool-callers.js";

/** One tool call's outcome, whichever adapter carried it. */
export interface Outcome {
  ok: boolean;
  body: any;
}

export interface Adapter {
  name: "rest" | "mcp";
  call(tool: string, args?: Record<string, unknown>): Promise<Outcome>;
  close(): Promise<void>;
}

/** The same connection's tools over REST or over MCP, so every test runs over both. */
export async function openAdapter(
  name: "rest" | "mcp",
  baseUrl: string,
  workspace: "desk" | "resolve",
  accessToken: string,
): Promise<Adapter> {
  if (name === "rest") {
    return {
      name,
      async call(tool, args = {}) {
        const response = await callRest(baseUrl, accessToken, workspace, tool, args);
        return { ok: response.status === 200, body: response.body };
      },
      async close() {},
    };
  }
  const client: Client = await connectMcp(baseUrl, workspace, accessToken);
  return {
    name,
    async call(tool, args = {}) {
      const result = await callMcp(client, tool, args);
      return { ok: !result.isError, body: result.body };
    },
    close: () => client.close(),
  };
}

export const ADAPTERS = ["rest", "mcp"] as const;
