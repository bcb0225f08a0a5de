import { z } from "zod";

/**
 * OpenTelemetry's standard variables for traces, as far as this service reads them itself (config.ts
 * parses them with the rest of the environment). An empty value is unset, as the specification says.
 * The exporter reads the others itself: `OTEL_EXPORTER_OTLP_(TRACES_)HEADERS`, `_TIMEOUT`,
 * `_COMPRESSION` and the certificate files; the SDK's resource reads `OTEL_SERVICE_NAME` and
 * `OTEL_RESOURCE_ATTRIBUTES`.
 */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
const endpoint = unsetWhenEmpty(z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL (OTLP over HTTP)" }));
const protocol = unsetWhenEmpty(
  z.enum(["http/protobuf", "http/json"], { error: "must be http/protobuf or http/json (this service exports over OTLP/HTTP, not gRPC)" }),
);
const SAMPLERS = ["always_on", "always_off", "traceidratio", "parentbased_always_on", "parentbased_always_off", "parentbased_traceidratio"] as const;

export const tracingEnvironment = {
  OTEL_SDK_DISABLED: unsetWhenEmpty(z.string()),
  OTEL_TRACES_EXPORTER: unsetWhenEmpty(
    z.string().refine((value) => value.split(",").every((name) => ["otlp", "none"].includes(name.trim())), {
      error: "must be otlp or none (this service exports traces over OTLP/HTTP)",
    }),
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint,
  OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: protocol,
  OTEL_TRACES_SAMPLER: unsetWhenEmpty(z.enum(SAMPLERS, { error: `must be one of ${SAMPLERS.join(", ")}` })),
  OTEL_TRACES_SAMPLER_ARG: unsetWhenEmpty(z.coerce.number().min(0).max(1)),
  // The batch span processor's: how often spans are sent (ms), how many wait at most, how many go at once, how long a send may take (ms).
  OTEL_BSP_SCHEDULE_DELAY: unsetWhenEmpty(z.coerce.number().int().min(1)),
  OTEL_BSP_MAX_QUEUE_SIZE: unsetWhenEmpty(z.coerce.number().int().min(1)),
  OTEL_BSP_MAX_EXPORT_BATCH_SIZE: unsetWhenEmpty(z.coerce.number().int().min(1)),
  OTEL_BSP_EXPORT_TIMEOUT: unsetWhenEmpty(z.coerce.number().int().min(1)),
};

type TracingEnvironment = z.output<z.ZodObject<typeof tracingEnvironment>>;

export type SamplerName = (typeof SAMPLERS)[number];

/** Traces are exported: where, how, and which. */
export interface TracingConfig {
  /** Where spans are posted: the traces endpoint as set, or the endpoint with `/v1/traces`. */
  tracesUrl: string;
  protocol: "http/protobuf" | "http/json";
  sampler: SamplerName;
  /** The ratio of the `traceidratio` samplers (1 unless set). */
  ratio: number;
  /** The batch span processor's settings that were set (the SDK's defaults otherwise: 5 s, 2048, 512, 30 s). */
  batch: { scheduledDelayMillis?: number; maxQueueSize?: number; maxExportBatchSize?: number; exportTimeoutMillis?: number };
}

/**
 * Whether traces are exported, by the specification's rules: only when an OTLP endpoint is set (the
 * traces one or the general one), and not when `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none`.
 * Unset, the service registers no SDK and makes no span. The protocol defaults to http/protobuf and
 * the sampler to parentbased_always_on, as the specification's defaults are.
 */
export function tracingConfig(env: TracingEnvironment): TracingConfig | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return undefined;
  if (env.OTEL_TRACES_EXPORTER?.split(",").some((name) => name.trim() === "none")) return undefined;
  const tracesUrl = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? withTracesPath(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  if (tracesUrl === undefined) return undefined;
  return {
    tracesUrl,
    protocol: env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf",
    sampler: env.OTEL_TRACES_SAMPLER ?? "parentbased_always_on",
    ratio: env.OTEL_TRACES_SAMPLER_ARG ?? 1,
    batch: {
      ...(env.OTEL_BSP_SCHEDULE_DELAY === undefined ? {} : { scheduledDelayMillis: env.OTEL_BSP_SCHEDULE_DELAY }),
      ...(env.OTEL_BSP_MAX_QUEUE_SIZE === undefined ? {} : { maxQueueSize: env.OTEL_BSP_MAX_QUEUE_SIZE }),
      ...(env.OTEL_BSP_MAX_EXPORT_BATCH_SIZE === undefined ? {} : { maxExportBatchSize: env.OTEL_BSP_MAX_EXPORT_BATCH_SIZE }),
      ...(env.OTEL_BSP_EXPORT_TIMEOUT === undefined ? {} : { exportTimeoutMillis: env.OTEL_BSP_EXPORT_TIMEOUT }),
    },
  };
}

/** The general endpoint is a base: the signal's path is appended to it (OTLP exporter specification). */
const withTracesPath = (base: string | undefined) => (base === undefined ? undefined : `${base.replace(/\/+$/, "")}/v1/traces`);
