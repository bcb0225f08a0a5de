import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";

/** OpenTelemetry's standard variables, as the service reads them (tracing/tracing-config.ts). */
describe("tracing's settings", () => {
  it("are off unless an OTLP endpoint is set, whatever else is", () => {
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_SERVICE_NAME: "connector", OTEL_TRACES_SAMPLER: "always_on", OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" }).tracing).toBeUndefined();
    // An empty value is unset (the specification's rule for every OTEL_* variable).
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "" }).tracing).toBeUndefined();
  });

  it("post to the general endpoint's /v1/traces, or to the traces endpoint as it is", () => {
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }).tracing).toEqual({
      tracesUrl: "http://collector:4318/v1/traces",
      protocol: "http/protobuf",
      sampler: "parentbased_always_on",
      ratio: 1,
      batch: {},
    });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "https://otel.example/base/" }).tracing?.tracesUrl).toBe("https://otel.example/base/v1/traces");
    const both = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://traces:4318/custom" };
    expect(loadConfig(both).tracing?.tracesUrl).toBe("http://traces:4318/custom");
  });

  it("stay off when the SDK is disabled or the exporter is none", () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };
    expect(loadConfig({ ...endpoint, OTEL_SDK_DISABLED: "TRUE" }).tracing).toBeUndefined();
    expect(loadConfig({ ...endpoint, OTEL_SDK_DISABLED: "false" }).tracing).toBeDefined();
    expect(loadConfig({ ...endpoint, OTEL_TRACES_EXPORTER: "none" }).tracing).toBeUndefined();
    expect(loadConfig({ ...endpoint, OTEL_TRACES_EXPORTER: "otlp" }).tracing).toBeDefined();
  });

  it("read the protocol, the sampler and the batch settings, the traces variables first", () => {
    const tracing = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf",
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/json",
      OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
      OTEL_TRACES_SAMPLER_ARG: "0.25",
      OTEL_BSP_SCHEDULE_DELAY: "1000",
      OTEL_BSP_MAX_QUEUE_SIZE: "4096",
    }).tracing;
    expect(tracing).toMatchObject({ protocol: "http/json", sampler: "parentbased_traceidratio", ratio: 0.25, batch: { scheduledDelayMillis: 1000, maxQueueSize: 4096 } });
  });

  it("refuse at start what this service cannot do, naming the variable", () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };
    expect(() => loadConfig({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL: .*not gRPC/);
    expect(() => loadConfig({ ...endpoint, OTEL_TRACES_EXPORTER: "zipkin" })).toThrow(/OTEL_TRACES_EXPORTER/);
    expect(() => loadConfig({ ...endpoint, OTEL_TRACES_SAMPLER: "jaeger_remote" })).toThrow(/OTEL_TRACES_SAMPLER/);
    expect(() => loadConfig({ ...endpoint, OTEL_TRACES_SAMPLER_ARG: "2" })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT: must be an http/);
  });
});
