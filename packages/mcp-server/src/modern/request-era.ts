import { LEGACY_PROTOCOL_VERSIONS, META } from "./protocol.js";

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The version a request declares in `params._meta`, if it declares one as a string. */
export function metaProtocolVersion(body: unknown): string | undefined {
  if (!isPlainObject(body) || !isPlainObject(body.params) || !isPlainObject(body.params._meta)) return undefined;
  const version = body.params._meta[META.protocolVersion];
  return typeof version === "string" ? version : undefined;
}

/**
 * Which era answers a POST (versioning "Backward Compatibility"): a dual-era server serves a
 * request statelessly when it opens the modern way, and everything else as before. Modern is
 * `server/discover`, or a declared version (in `_meta`, else in the MCP-Protocol-Version header)
 * that is not one of the handshake versions: 2026-07-28, or a version nobody speaks, which the
 * modern path refuses with the UnsupportedProtocolVersionError a 2026-07-28 client falls back on.
 * A request declaring nothing, or a handshake version, is legacy and goes exactly where it went
 * before this revision existed (the SDK's transport, or the direct tools/call).
 */
export function isModernRequest(body: unknown, headerVersion: string | undefined): boolean {
  if (isPlainObject(body) && body.method === "server/discover") return true;
  const declared = metaProtocolVersion(body) ?? headerVersion;
  return declared !== undefined && !LEGACY_PROTOCOL_VERSIONS.includes(declared);
}
