import type { AddressInfo } from "node:net";
import { loadConfig, type ServerConfig } from "./config.js";
import { createService } from "./create-service.js";
import { DEMO_USERS } from "./demo-data.js";
import { loggableError } from "@connector/core";
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
const logger = createLogger(config.logLevel);

async function main(): Promise<void> {
  const service = await createService(config, logger);
  const server = service.app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  logger.info({ port, baseUrl: config.baseUrl, database: service.database.dialect }, "listening");
  printWelcome(config.baseUrl, service.demo !== undefined);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing open requests");
    // Stop accepting, let in-flight requests finish, then close the database.
    server.close(() => {
      service
        .close()
        .then(() => {
          logger.info("stopped");
          process.exit(0);
        })
        .catch((error: unknown) => {
          logger.error(loggableError(error), "database close failed");
          process.exit(1);
        });
    });
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 10_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

function printWelcome(baseUrl: string, demo: boolean): void {
  const lines = [
    "",
    `Connector service at ${baseUrl}`,
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
  logger.fatal(loggableError(error), "start failed");
  process.exit(1);
});
