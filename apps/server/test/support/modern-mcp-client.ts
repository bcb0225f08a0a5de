import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  ProtocolErrorCode,
  type UnsupportedProtocolVersionErrorData,
} from "@modelcontextprotocol/client";

const MODERN_PROTOCOL_VERSION = "2026-07-28";

/** What a 2026-07-28 client sends: the body with `_meta`, and the headers that mirror it. */
export interface ModernCall {
  method: string;
  params?: Record<string, unknown>;
  version?: string;
  /** Headers to add or (with undefined) drop, to send what a broken client or proxy would. */
  headers?: Record<string, string | undefined>;
  id?: string | number;
}

export interface ModernReply {
  status: number;
  headers: Headers;
  body: any;
}

/**
 * A 2026-07-28 request as the specification's Streamable HTTP binding spells it, with fetch, so a test
 * can send what a broken client or proxy would (the SDK v2 client, `connectMcpModern`, sends only
 * well-formed ones). Standard headers are derived from the body as a client must.
 */
export async function modernRequest(url: string, accessToken: string | undefined, call: ModernCall): Promise<ModernReply> {
  const version = call.version ?? MODERN_PROTOCOL_VERSION;
  const params: Record<string, unknown> = {
    ...call.params,
    _meta: {
      [PROTOCOL_VERSION_META_KEY]: version,
      [CLIENT_INFO_META_KEY]: { name: "modern-test-client", version: "1.0.0" },
      [CLIENT_CAPABILITIES_META_KEY]: {},
    },
  };
  const name = typeof params.name === "string" ? params.name : undefined;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": version,
    "mcp-method": call.method,
    ...(name === undefined ? {} : { "mcp-name": name }),
    ...(accessToken === undefined ? {} : { authorization: `Bearer ${accessToken}` }),
  };
  for (const [header, value] of Object.entries(call.headers ?? {})) {
    if (value === undefined) delete headers[header];
    else headers[header] = value;
  }
  const response = await fetch(url, {
    method: "POST",
    headers,
    body: JSON.stringify({ jsonrpc: "2.0", id: call.id ?? 1, method: call.method, params }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === "" ? undefined : JSON.parse(text) };
}

/**
 * A client's version fallback (versioning "Protocol Version Negotiation"): it tries the versions it
 * speaks, newest first; on UnsupportedProtocolVersionError it retries with the newest one the
 * server lists. Returns every reply, so a test sees the refusal and the retry.
 */
export async function requestWithFallback(
  url: string,
  accessToken: string,
  call: ModernCall,
  clientVersions: readonly string[],
): Promise<ModernReply[]> {
  const replies = [await modernRequest(url, accessToken, { ...call, version: clientVersions[0] })];
  const first = replies[0]!;
  if (first.status !== 400 || first.body?.error?.code !== ProtocolErrorCode.UnsupportedProtocolVersion) return replies;
  const { supported } = first.body.error.data as UnsupportedProtocolVersionErrorData;
  const mutual = clientVersions.find((version) => supported.includes(version));
  if (mutual === undefined) throw new Error(`No mutually supported version: the server speaks ${supported.join(", ")}`);
  replies.push(await modernRequest(url, accessToken, { ...call, version: mutual }));
  return replies;
}
