import { headerMismatch, invalidParams, invalidRequest, unsupportedVersion } from "./modern-error.js";
import { ALL_PROTOCOL_VERSIONS, HEADERS, META, type RequestId, type RequestMeta } from "./protocol.js";
import { checkStandardHeaders, type PostHeaders } from "./standard-headers.js";

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A 2026-07-28 request that passed every check of the revision; its method is not yet looked at. */
export interface ModernRequest {
  id: RequestId;
  method: string;
  params: Record<string, unknown>;
  meta: RequestMeta;
}

/** A notification: nothing to answer (this revision defines none from client to server over HTTP). */
export type ModernMessage = ModernRequest | { notification: true };

/**
 * Reads a POST the modern way, in the order that lets a client learn the most: the shape of a
 * JSON-RPC request (-32600); a version header contradicting `_meta` (-32020); then the version (an
 * unknown one is UnsupportedProtocolVersionError even when the rest is wrong, since it is what a
 * client falls back on); then the required `_meta` fields (-32602, basic/index "Per-request
 * protocol fields"); then the remaining standard headers (-32020). A notification passes the
 * version and header checks before its 202 (it has no per-request `_meta` fields to require). The conformance suite
 * (@modelcontextprotocol/conformance 0.2.0-alpha.12, server-stateless) expects this order.
 * @see specification/2026-07-28 basic/index, basic/versioning, basic/transports/streamable-http
 */
export function readModernRequest(body: unknown, headers: PostHeaders): ModernMessage {
  const headerVersion = headers[HEADERS.protocolVersion];
  // A batch (or anything else) from a client of a version nobody speaks: the version is its problem.
  if (!isPlainObject(body) && typeof headerVersion === "string" && !ALL_PROTOCOL_VERSIONS.includes(headerVersion)) {
    throw unsupportedVersion(headerVersion);
  }
  if (!isPlainObject(body) || body.jsonrpc !== "2.0" || typeof body.method !== "string") {
    throw invalidRequest("the body must be one JSON-RPC 2.0 request (batches are not part of this revision).");
  }
  // A notification (no id) is answered 202 only once its version and headers pass the same checks
  // as a request's: a proxy routes it on those headers too, and an unknown version is still refused.
  const isNotification = body.id === undefined;
  const { id, method } = body;
  if (!isNotification && !(typeof id === "string" || Number.isSafeInteger(id))) throw invalidRequest("id must be a string or an integer.");
  const requestId = isNotification ? undefined : (id as RequestId);
  const params = body.params === undefined ? {} : body.params;
  if (!isPlainObject(params)) throw invalidParams("params must be an object.", requestId);

  const meta = isPlainObject(params._meta) ? params._meta : {};
  const metaVersion = meta[META.protocolVersion];
  // Two different versions in one request: neither is "the requested version" to refuse or serve.
  if (typeof headerVersion === "string" && typeof metaVersion === "string" && headerVersion !== metaVersion) {
    throw headerMismatch(`${HEADERS.protocolVersion} header value '${headerVersion}' does not match body value '${metaVersion}'.`, requestId);
  }
  const declared = metaVersion ?? (typeof headerVersion === "string" ? headerVersion : undefined);
  if (typeof declared === "string" && !ALL_PROTOCOL_VERSIONS.includes(declared)) throw unsupportedVersion(declared, requestId);
  if (isNotification) {
    if (typeof declared !== "string") throw invalidParams(`a notification must declare ${META.protocolVersion}.`);
    checkStandardHeaders(headers, { id: undefined, method, params, version: declared });
    return { notification: true };
  }
  if (typeof meta[META.protocolVersion] !== "string" || !isPlainObject(meta[META.clientCapabilities])) {
    throw invalidParams(`_meta must carry ${META.protocolVersion} (a string) and ${META.clientCapabilities} (an object).`, requestId);
  }
  const version = meta[META.protocolVersion] as string;
  checkStandardHeaders(headers, { id: requestId as RequestId, method, params, version });
  return { id: requestId as RequestId, method, params, meta: meta as RequestMeta };
}
