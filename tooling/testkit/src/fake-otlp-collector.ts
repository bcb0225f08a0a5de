import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

/** An attribute's value as OTLP carries it (`AnyValue`), decoded. */
export type OtlpValue = string | number | boolean | bigint | Uint8Array | OtlpValue[] | { [key: string]: OtlpValue } | null;

/** One span as a collector receives it, the same whichever encoding carried it. */
export interface CollectedSpan {
  /** Hex, as OTLP/JSON and every tracing tool write them. */
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's `SpanKind`: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, OtlpValue>;
  events: { name: string; attributes: Record<string, OtlpValue> }[];
  links: { traceId: string; spanId: string; attributes: Record<string, OtlpValue> }[];
  /** OTLP's `StatusCode`: 0 unset, 1 ok, 2 error. */
  status: { code: number; message: string };
  /** The instrumentation scope's name (`@connector/http`). */
  scope: string;
  /** The resource's attributes (`service.name`). */
  resource: Record<string, OtlpValue>;
}

export interface FakeOtlpCollector {
  /** Base URL on loopback, without a trailing slash (what `OTEL_EXPORTER_OTLP_ENDPOINT` takes). */
  url: string;
  spans: CollectedSpan[];
  /** Each export request received: its path, encoding and size. */
  requests: { path: string; contentType: string; contentEncoding: string | undefined; bytes: number }[];
  close(): Promise<void>;
}

export const SPAN_KIND = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 } as const;

/**
 * An OpenTelemetry collector's OTLP/HTTP receiver played on loopback: it takes `POST /v1/traces` in
 * either encoding the protocol defines (binary protobuf, `application/x-protobuf`, or JSON), gzipped or
 * not, decodes every span of `ExportTraceServiceRequest` (opentelemetry-proto's trace.proto and
 * common.proto, read here field by field) and answers with an empty `ExportTraceServiceResponse`, as a
 * collector does. Anything else is answered 404 or 415. `port` 0 (the default) takes a free one;
 * `decode: false` only counts the requests and their bytes (a benchmark's sink, which should cost little).
 */
export async function startFakeOtlpCollector(options: { port?: number; decode?: boolean } = {}): Promise<FakeOtlpCollector> {
  const { port = 0, decode = true } = options;
  const spans: CollectedSpan[] = [];
  const requests: FakeOtlpCollector["requests"] = [];
  const server: Server = createServer(async (req, res) => {
    if (req.method !== "POST" || req.url !== "/v1/traces") {
      res.writeHead(404).end();
      return;
    }
    const contentType = (req.headers["content-type"] ?? "").split(";")[0]!.trim();
    const contentEncoding = req.headers["content-encoding"];
    let body = await readBody(req);
    requests.push({ path: req.url, contentType, contentEncoding, bytes: body.length });
    if (!decode) {
      res.writeHead(200, { "content-type": contentType }).end(contentType === "application/json" ? "{}" : undefined);
      return;
    }
    if (contentEncoding === "gzip") body = gunzipSync(body);
    if (contentType === "application/x-protobuf") {
      spans.push(...decodeProtobufRequest(body));
      res.writeHead(200, { "content-type": "application/x-protobuf" }).end();
    } else if (contentType === "application/json") {
      spans.push(...decodeJsonRequest(JSON.parse(body.toString("utf8"))));
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    } else {
      res.writeHead(415).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    spans,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// --- protobuf: the wire format (varints, fixed widths, length-delimited fields) ---

type Field = { number: number; wire: number; value: bigint | Uint8Array };

function* fields(bytes: Uint8Array): Generator<Field> {
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = bytes[at++];
      if (byte === undefined) throw new Error("protobuf: truncated varint");
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
    }
  };
  const fixed = (size: number): bigint => {
    let result = 0n;
    for (let index = size - 1; index >= 0; index--) result = (result << 8n) | BigInt(bytes[at + index]!);
    at += size;
    return result;
  };
  while (at < bytes.length) {
    const key = Number(varint());
    const number = key >>> 3;
    const wire = key & 7;
    if (wire === 0) yield { number, wire, value: varint() };
    else if (wire === 1) yield { number, wire, value: fixed(8) };
    else if (wire === 5) yield { number, wire, value: fixed(4) };
    else if (wire === 2) {
      const length = Number(varint());
      yield { number, wire, value: bytes.subarray(at, at + length) };
      at += length;
    } else throw new Error(`protobuf: wire type ${wire} is not used by OTLP`);
  }
}

const text = (value: bigint | Uint8Array) => new TextDecoder().decode(value as Uint8Array);
const hex = (value: bigint | Uint8Array) => Buffer.from(value as Uint8Array).toString("hex");
const signed64 = (value: bigint) => BigInt.asIntN(64, value);

/** `AnyValue`: 1 string, 2 bool, 3 int, 4 double, 5 array, 6 key-value list, 7 bytes. */
function anyValue(bytes: Uint8Array): OtlpValue {
  let value: OtlpValue = null;
  for (const field of fields(bytes)) {
    if (field.number === 1) value = text(field.value);
    else if (field.number === 2) value = field.value !== 0n;
    else if (field.number === 3) {
      const integer = signed64(field.value as bigint);
      value = Number.isSafeInteger(Number(integer)) ? Number(integer) : integer;
    } else if (field.number === 4) value = new Float64Array(new BigUint64Array([field.value as bigint]).buffer)[0]!;
    else if (field.number === 5) value = [...fields(field.value as Uint8Array)].filter((item) => item.number === 1).map((item) => anyValue(item.value as Uint8Array));
    else if (field.number === 6) value = keyValues([...fields(field.value as Uint8Array)].filter((item) => item.number === 1));
    else if (field.number === 7) value = field.value as Uint8Array;
  }
  return value;
}

/** `KeyValue`s: 1 key, 2 value. */
function keyValues(list: Field[]): Record<string, OtlpValue> {
  const result: Record<string, OtlpValue> = {};
  for (const item of list) {
    let key = "";
    let value: OtlpValue = null;
    for (const field of fields(item.value as Uint8Array)) {
      if (field.number === 1) key = text(field.value);
      else if (field.number === 2) value = anyValue(field.value as Uint8Array);
    }
    result[key] = value;
  }
  return result;
}

const only = (bytes: Uint8Array, number: number) => [...fields(bytes)].filter((field) => field.number === number);

/** `ExportTraceServiceRequest` → `ResourceSpans` (1 resource, 2 scope spans) → `ScopeSpans` (1 scope, 2 spans) → `Span`. */
export function decodeProtobufRequest(body: Uint8Array): CollectedSpan[] {
  const spans: CollectedSpan[] = [];
  for (const resourceSpans of only(body, 1)) {
    const resourceField = only(resourceSpans.value as Uint8Array, 1)[0];
    const resource = resourceField === undefined ? {} : keyValues(only(resourceField.value as Uint8Array, 1));
    for (const scopeSpans of only(resourceSpans.value as Uint8Array, 2)) {
      const scopeField = only(scopeSpans.value as Uint8Array, 1)[0];
      const scope = scopeField === undefined ? "" : text(only(scopeField.value as Uint8Array, 1)[0]?.value ?? new Uint8Array());
      for (const span of only(scopeSpans.value as Uint8Array, 2)) spans.push(decodeSpan(span.value as Uint8Array, scope, resource));
    }
  }
  return spans;
}

/** `Span`: 1 trace id, 2 span id, 4 parent span id, 5 name, 6 kind, 9 attributes, 11 events, 13 links, 15 status. */
function decodeSpan(bytes: Uint8Array, scope: string, resource: Record<string, OtlpValue>): CollectedSpan {
  const span: CollectedSpan = {
    traceId: "",
    spanId: "",
    parentSpanId: "",
    name: "",
    kind: 0,
    attributes: {},
    events: [],
    links: [],
    status: { code: 0, message: "" },
    scope,
    resource,
  };
  const attributes: Field[] = [];
  for (const field of fields(bytes)) {
    if (field.number === 1) span.traceId = hex(field.value);
    else if (field.number === 2) span.spanId = hex(field.value);
    else if (field.number === 4) span.parentSpanId = hex(field.value);
    else if (field.number === 5) span.name = text(field.value);
    else if (field.number === 6) span.kind = Number(field.value);
    else if (field.number === 9) attributes.push(field);
    else if (field.number === 11) {
      // `Event`: 1 time, 2 name, 3 attributes.
      const eventFields = [...fields(field.value as Uint8Array)];
      span.events.push({
        name: text(eventFields.find((item) => item.number === 2)?.value ?? new Uint8Array()),
        attributes: keyValues(eventFields.filter((item) => item.number === 3)),
      });
    } else if (field.number === 13) {
      // `Link`: 1 trace id, 2 span id, 4 attributes.
      const linkFields = [...fields(field.value as Uint8Array)];
      span.links.push({
        traceId: hex(linkFields.find((item) => item.number === 1)?.value ?? new Uint8Array()),
        spanId: hex(linkFields.find((item) => item.number === 2)?.value ?? new Uint8Array()),
        attributes: keyValues(linkFields.filter((item) => item.number === 4)),
      });
    } else if (field.number === 15) {
      // `Status`: 2 message, 3 code.
      for (const statusField of fields(field.value as Uint8Array)) {
        if (statusField.number === 2) span.status.message = text(statusField.value);
        else if (statusField.number === 3) span.status.code = Number(statusField.value);
      }
    }
  }
  span.attributes = keyValues(attributes);
  return span;
}

// --- JSON: OTLP/JSON (ids in hex, enums as numbers, 64-bit integers as strings or numbers) ---

type JsonKeyValue = { key: string; value?: JsonAnyValue };
type JsonAnyValue = {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
  arrayValue?: { values?: JsonAnyValue[] };
  kvlistValue?: { values?: JsonKeyValue[] };
  bytesValue?: string;
};

function jsonValue(value: JsonAnyValue | undefined): OtlpValue {
  if (value === undefined) return null;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(jsonValue);
  if (value.kvlistValue !== undefined) return jsonKeyValues(value.kvlistValue.values);
  if (value.bytesValue !== undefined) return Buffer.from(value.bytesValue, "base64");
  return null;
}

const jsonKeyValues = (list: JsonKeyValue[] | undefined) => Object.fromEntries((list ?? []).map(({ key, value }) => [key, jsonValue(value)]));

export function decodeJsonRequest(body: any): CollectedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resourceSpans: any) => {
    const resource = jsonKeyValues(resourceSpans.resource?.attributes);
    return (resourceSpans.scopeSpans ?? []).flatMap((scopeSpans: any) =>
      (scopeSpans.spans ?? []).map(
        (span: any): CollectedSpan => ({
          traceId: span.traceId ?? "",
          spanId: span.spanId ?? "",
          parentSpanId: span.parentSpanId ?? "",
          name: span.name ?? "",
          kind: Number(span.kind ?? 0),
          attributes: jsonKeyValues(span.attributes),
          events: (span.events ?? []).map((event: any) => ({ name: event.name ?? "", attributes: jsonKeyValues(event.attributes) })),
          links: (span.links ?? []).map((link: any) => ({ traceId: link.traceId ?? "", spanId: link.spanId ?? "", attributes: jsonKeyValues(link.attributes) })),
          status: { code: Number(span.status?.code ?? 0), message: span.status?.message ?? "" },
          scope: scopeSpans.scope?.name ?? "",
          resource,
        }),
      ),
    );
  });
}
