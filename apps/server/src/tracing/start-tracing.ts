import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter as JsonTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtobufTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import type { SamplerName, TracingConfig } from "./tracing-config.js";

/** The service's name in traces unless `OTEL_SERVICE_NAME` (or `service.name` in `OTEL_RESOURCE_ATTRIBUTES`) says another. */
export const DEFAULT_SERVICE_NAME = "connector";

export interface Tracing {
  /** Exports the spans still held, then stops (at shutdown, so the last requests' spans are not lost). */
  shutdown(): Promise<void>;
}

function samplerOf(name: SamplerName, ratio: number): Sampler {
  switch (name) {
    case "always_on":
      return new AlwaysOnSampler();
    case "always_off":
      return new AlwaysOffSampler();
    case "traceidratio":
      return new TraceIdRatioBasedSampler(ratio);
    case "parentbased_always_on":
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case "parentbased_always_off":
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case "parentbased_traceidratio":
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
  }
}

/**
 * Registers the OpenTelemetry SDK for this process (apps/server alone does; the packages use only the
 * API, so a host that embeds them brings its own SDK or none): spans batched and posted over OTLP/HTTP
 * (protobuf or JSON, `config.protocol`), the caller's W3C `traceparent` and `tracestate` continued (no
 * baggage: it is not read, and what a caller puts in it is theirs), the context carried across awaits
 * by AsyncLocalStorage. Call once, before the service is built.
 */
export function startTracing(config: TracingConfig): Tracing {
  const exporter =
    config.protocol === "http/json" ? new JsonTraceExporter({ url: config.tracesUrl }) : new ProtobufTraceExporter({ url: config.tracesUrl });
  const resource = defaultResource()
    .merge(resourceFromAttributes({ "service.name": DEFAULT_SERVICE_NAME }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new TracerProvider({
    resource,
    sampler: samplerOf(config.sampler, config.ratio),
    spanProcessors: [new BatchSpanProcessor({ exporter, ...config.batch })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return {
    async shutdown() {
      await provider.shutdown();
    },
  };
}
