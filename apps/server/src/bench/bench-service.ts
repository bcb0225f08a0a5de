import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { createService, type Service } from "../create-service.js";
import type { TracingConfig } from "../tracing/tracing-config.js";

/**
 * The service as the bench measures it: on an ephemeral loopback port (bound first: the base URL is
 * the OAuth issuer), silent, with the demo data, and a rate limit the load never meets (the count is
 * still kept: the benchmark and its probes call far more than the spec's 120 a minute). With `tracing`
 * (the tracing part's traced service, whose process has started the SDK), each request is traced.
 */
export async function startBenchService(
  database: { url: string; directUrl?: string | undefined },
  tracing?: TracingConfig,
): Promise<{ server: Server; service: Service; baseUrl: string }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = {
    port,
    host: "127.0.0.1",
    baseUrl,
    databaseUrl: database.url,
    ...(database.directUrl === undefined ? {} : { databaseDirectUrl: database.directUrl }),
    logLevel: "silent" as const,
    demoSeed: true,
    ...(tracing === undefined ? {} : { tracing }),
  };
  const service = await createService(config, pino({ level: "silent" }), { requestsPerMinute: 1_000_000_000 });
  server.on("request", service.app);
  return { server, service, baseUrl };
}
