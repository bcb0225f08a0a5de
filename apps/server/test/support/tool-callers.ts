import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

export interface ToolResponse {
  status: number;
  headers: Headers;
  body: any;
}

/** A REST tool call as any HTTP client makes it. */
export async function callRest(
  baseUrl: string,
  accessToken: string | undefined,
  workspace: string,
  tool: string,
  args: unknown = {},
  init: { body?: string; contentType?: string; headers?: Record<string, string> } = {},
): Promise<ToolResponse> {
  const headers: Record<string, string> = { ...init.headers, "content-type": init.contentType ?? "application/json" };
  if (accessToken !== undefined) headers.authorization = `Bearer ${accessToken}`;
  const response = await fetch(`${baseUrl}/api/connectors/v1/${workspace}/tools/${tool}`, {
    method: "POST",
    headers,
    body: init.body ?? JSON.stringify(args),
  });
  return { status: response.status, headers: response.headers, body: await response.json().catch(() => undefined) };
}

/** The MCP SDK's own client over Streamable HTTP, carrying the access token of a real OAuth flow. */
export async function connectMcp(baseUrl: string, workspace: string, accessToken: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "test-agent", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp/${workspace}`), {
    requestInit: { headers: { ...headers, authorization: `Bearer ${accessToken}` } },
  });
  await client.connect(transport);
  // As agents do: list first, which also makes the SDK check every result against its tool's outputSchema.
  await client.listTools();
  return client;
}

/**
 * The same connection through the MCP SDK v2's client speaking 2026-07-28: `server/discover`, then each
 * request stateless with `_meta` and the standard headers. (`connectMcp` is the 1.x client, 2025-11-25.)
 */
export async function connectMcpModern(
  baseUrl: string,
  workspace: string,
  accessToken: string,
  headers: Record<string, string> = {},
): Promise<ClientV2> {
  const client = new ClientV2({ name: "test-agent-2026", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  const transport = new TransportV2(new URL(`${baseUrl}/mcp/${workspace}`), {
    requestInit: { headers: { ...headers, authorization: `Bearer ${accessToken}` } },
  });
  await client.connect(transport);
  await client.listTools();
  return client;
}

/** What both SDK lines' clients offer for a tool call (1.x types its result as a union with a legacy shape). */
interface ToolCaller {
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<Record<string, unknown>>;
}

/** A tool result from MCP in the same shape as REST: the structured content, or the error body from the text. */
export async function callMcp(client: ToolCaller, tool: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name: tool, arguments: args })) as { isError?: boolean; content?: unknown; structuredContent?: unknown };
  if (result.isError === true) {
    const [first] = result.content as Array<{ type: string; text: string }>;
    return { isError: true, body: JSON.parse(first!.text) };
  }
  return { isError: false, body: result.structuredContent as any };
}

/**
 * An error body without its `requestId`, which names the one request that failed: two answers
 * are "the same" when everything else is equal. The id itself must be there.
 */
export function withoutRequestId(body: any): any {
  if (typeof body?.error?.requestId !== "string") throw new Error(`The error body has no requestId: ${JSON.stringify(body)}`);
  const { requestId: _id, ...error } = body.error;
  return { ...body, error };
}
