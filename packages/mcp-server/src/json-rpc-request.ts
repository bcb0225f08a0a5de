import {
  isInitializeRequest,
  JSONRPCMessageSchema,
  type JSONRPCMessage,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/sdk/types.js";

/** A refusal at the HTTP level, in JSON-RPC form as the MCP transport specification answers them. */
export class JsonRpcHttpError extends Error {
  constructor(
    readonly status: number,
    readonly rpcCode: number,
    message: string,
  ) {
    super(message);
  }

  toBody() {
    return { jsonrpc: "2.0" as const, error: { code: this.rpcCode, message: this.message }, id: null };
  }
}

const MAX_BATCH = 50;

type PostHeaders = { accept?: string | undefined; "mcp-protocol-version"?: string | string[] | undefined };

/** The client must accept both JSON and event streams (Streamable HTTP, "Sending Messages to the Server"). */
export function checkAccept(headers: PostHeaders): void {
  const accept = headers.accept ?? "";
  if (!accept.includes("application/json") || !accept.includes("text/event-stream")) {
    throw new JsonRpcHttpError(406, -32000, "Not Acceptable: Client must accept both application/json and text/event-stream");
  }
}

/** After initialization the client names the protocol version it speaks; it must be one this server supports. */
export function checkProtocolVersion(headers: PostHeaders): void {
  const version = headers["mcp-protocol-version"];
  if (typeof version === "string" && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    throw new JsonRpcHttpError(
      400,
      -32000,
      `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`,
    );
  }
}

/**
 * The messages of a POST, with the checks the Streamable HTTP transport makes on them (MCP
 * 2025-06-18 and 2025-11-25, "Sending Messages to the Server"), in the SDK's words and codes:
 * valid JSON-RPC messages, at most one initialize, and after initialization a supported protocol
 * version. (Accept is checked for every POST by the route, before this.)
 */
export function readJsonRpcPost(headers: PostHeaders, body: unknown): JSONRPCMessage[] {
  const raw = Array.isArray(body) ? body : [body];
  if (raw.length === 0 || raw.length > MAX_BATCH) {
    throw new JsonRpcHttpError(400, -32600, `Invalid Request: send 1 to ${MAX_BATCH} messages`);
  }
  const parsed = raw.map((message) => JSONRPCMessageSchema.safeParse(message));
  if (parsed.some((result) => !result.success)) {
    throw new JsonRpcHttpError(400, -32700, "Parse error: Invalid JSON-RPC message");
  }
  const messages = parsed.map((result) => result.data as JSONRPCMessage);
  if (messages.some(isInitializeRequest)) {
    if (messages.length > 1) throw new JsonRpcHttpError(400, -32600, "Invalid Request: Only one initialization request is allowed");
    return messages;
  }
  checkProtocolVersion(headers);
  return messages;
}
