/** The part of Node's `ServerResponse` (and so of express's) that writing a JSON body needs. */
export interface JsonResponseWriter {
  statusCode: number;
  setHeader(name: string, value: string | number): unknown;
  end(chunk: string): unknown;
}

/** Sets each of `headers` on the response. */
export function setHeaders(res: Pick<JsonResponseWriter, "setHeader">, headers: Readonly<Record<string, string>>): void {
  for (const name in headers) res.setHeader(name, headers[name]!);
}

/**
 * Writes `body` as the whole JSON response. The text goes to Node as one string with a known
 * length, so Node sends head and body in one write; express's `res.json` turns a body over 1 KB
 * into a Buffer first, which costs a copy and a second write on every tool result.
 */
export function sendJson(
  res: JsonResponseWriter,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  sendJsonText(res, status, JSON.stringify(body), headers);
}

/** `sendJson` for a body already serialised (by a caller that had most of it as JSON text already). */
export function sendJsonText(
  res: JsonResponseWriter,
  status: number,
  text: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  res.statusCode = status;
  setHeaders(res, headers);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.end(text);
}
