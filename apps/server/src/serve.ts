import type { AddressInfo } from "node:net";
import { loadConfig, type ServerConfig } from "./config.js";
import { createService } from "./create-service.js";
import { DEMO_USERS } from "./demo-data.js";
import { loggableError } from "@connector/core/errors";
import { poolerRefusalMessage, refusedStartupParameter } from "@connector/store";
import { drainable, settledWithin } from "./graceful-shutdown.js";
import { createLogger } from "./logger.js";

function loadConfigOrExit(): ServerConfig {
  try {
    return loadConfig();
  } catch (error) {
    // Configuration errors name the variable; a stack trace would only bury that.
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

const config = loadConfigOrExit();
/** After the shutdown budget, how long closing (pg-boss handing jobs back, the pool) may still take. */
const CLOSE_GRACE_MS = 2000;

const logger = createLogger(config.logLevel, undefined, { traceIds: config.tracing !== undefined });
// OpenTelemetry's SDK, loaded and started only when an OTLP endpoint is set (the standard OTEL_* variables), before
// the service is built; off, none of it is even loaded.
const tracing = config.tracing === undefined ? undefined : (await import("./tracing/start-tracing.js")).startTracing(config.tracing);

async function main(): Promise<void> {
  const service = await createService(
    config,
    logger,
    config.requestsPerMinute === undefined ? {} : { requestsPerMinute: config.requestsPerMinute },
  );
  const server = service.app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  const shutdown = drainable(server);
  logger.info({ port, baseUrl: config.baseUrl, database: service.database.dialect }, "listening");
  printWelcome(config.baseUrl, service.demo !== undefined);
  // Started by `start:cluster` (or a test harness) over an IPC channel: say which port was bound.
  process.send?.({ type: "listening", port });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing open requests");
    // Readiness goes false first, so a load balancer polling /readyz stops sending new work.
    service.beginShutdown();
    // One budget for the whole shutdown: open requests first, then the workflow steps in hand.
    const deadline = Date.now() + (config.shutdownTimeoutMs ?? 10_000);
    await shutdown.drain(deadline - Date.now());
    try {
      const closed = await settledWithin(
        service.close({ workflowTimeoutMs: Math.max(0, deadline - Date.now()) }),
        Math.max(0, deadline - Date.now()) + CLOSE_GRACE_MS,
      );
      // The spans still held go to the collector before leaving, within the same grace.
      if (tracing !== undefined) await settledWithin(tracing.shutdown(), CLOSE_GRACE_MS);
      if (closed) logger.info("stopped");
      // A step still running at the deadline was handed back (its job fails over to another worker);
      // its open transaction must not keep the process: leaving closes the connection and PostgreSQL
      // rolls the transaction back, so the step is done once, by the worker that takes the run over.
      else logger.warn("shutdown budget spent: leaving with work in progress (workflow steps handed back, open transactions rolled back)");
      process.exit(0);
    } catch (error) {
      logger.error(loggableError(error), "database close failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

function printWelcome(baseUrl: string, demo: boolean): void {
  const lines = [
    "",
    `Connector service at ${baseUrl}`,
    `  home              ${baseUrl}/   (sign in, then Connections & drafts, Place accounts or Resolve)`,
    `  developer guide   ${baseUrl}/developers   ${baseUrl}/developers/reference`,
    `  health            ${baseUrl}/healthz   ${baseUrl}/readyz`,
    `  OAuth metadata    ${baseUrl}/.well-known/oauth-authorization-server`,
    `  MCP servers       ${baseUrl}/mcp/desk   ${baseUrl}/mcp/resolve`,
    `  REST tools        ${baseUrl}/api/connectors/v1/{desk|resolve}/tools/{tool}`,
    `  OpenAPI           ${baseUrl}/api/connectors/v1/openapi.json`,
    `  sign in           ${baseUrl}/signin`,
    `  /api/v1           ${baseUrl}/api/v1   ${baseUrl}/api/v1/openapi.json`,
  ];
  if (demo) {
    lines.push(
      "  demo sign-ins (demo data only):",
      `    Desk owner      ${DEMO_USERS.deskOwner.email} / ${DEMO_USERS.deskOwner.password}`,
      `    Resolve         ${DEMO_USERS.consumer.email} / ${DEMO_USERS.consumer.password}`,
    );
  }
  process.stdout.write(`${lines.join("\n")}\n\n`);
}

main().catch((error: unknown) => {
  // A pooler refusing what the pool sends at connect is a configuration to change: said in one line.
  const parameter = refusedStartupParameter(error);
  if (parameter !== undefined) logger.fatal({ parameter }, `start failed: ${poolerRefusalMessage(parameter)}`);
  else logger.fatal(loggableError(error), "start failed");
  process.exit(1);
});
