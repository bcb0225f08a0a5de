import { callMcp, callRest, connectMcp, connectMcpModern } from "./tool-callers.js";

/** One tool call's outcome, whichever adapter carried it. */
export interface Outcome {
  ok: boolean;
  body: any;
}

export interface Adapter {
  name: AdapterName;
  call(tool: string, args?: Record<string, unknown>): Promise<Outcome>;
  close(): Promise<void>;
}

/**
 * The doors every tool test goes through: REST, MCP 2025-11-25 through the SDK 1.x client (what most
 * agents still run), and MCP 2026-07-28 through the SDK v2 client.
 */
export const ADAPTERS = ["rest", "mcp", "mcp-2026"] as const;
export type AdapterName = (typeof ADAPTERS)[number];

/**
 * The same connection's tools over each door, so every test runs over all of them. `headers` go on
 * every HTTP request the door makes (an agent's `Accept-Language`, say).
 */
export async function openAdapter(
  name: AdapterName,
  baseUrl: string,
  workspace: "desk" | "resolve",
  accessToken: string,
  headers: Record<string, string> = {},
): Promise<Adapter> {
  if (name === "rest") {
    return {
      name,
      async call(tool, args = {}) {
        const response = await callRest(baseUrl, accessToken, workspace, tool, args, { headers });
        return { ok: response.status === 200, body: response.body };
      },
      async close() {},
    };
  }
  const client =
    name === "mcp" ? await connectMcp(baseUrl, workspace, accessToken, headers) : await connectMcpModern(baseUrl, workspace, accessToken, headers);
  return {
    name,
    async call(tool, args = {}) {
      const result = await callMcp(client, tool, args);
      return { ok: !result.isError, body: result.body };
    },
    close: () => client.close(),
  };
}
