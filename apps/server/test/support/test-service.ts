import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createTestDatabase, type TestDatabase, type TestDialect } from "@connector/store/testing";
import { BrowserSession, connectWorkspace, type RegisteredClient, registerClient } from "@connector/testkit";
import type { CryptoKeyPair, DPoPHandle } from "oauth4webapi";
import { type Logger, pino } from "pino";
import type { ServerConfig } from "../../src/config.js";
import { createService, type Service, type ServiceOptions } from "../../src/create-service.js";
import { DEMO_USERS } from "../../src/demo-data.js";
import { SERVER_DEMO_TEMPLATE } from "./demo-template.js";

export interface TestService {
  baseUrl: string;
  /** The HTTP server itself, for a test that watches which requests it reads while another is answered. */
  server: Server;
  service: Service;
  testDatabase: TestDatabase;
  /** Signs in as a demo user and connects a newly registered client to a workspace. */
  connect(request: ConnectRequest): Promise<Connection>;
  close(): Promise<void>;
}

export interface ConnectRequest {
  workspace: "desk" | "resolve";
  scopes?: string[];
  /** Which demo user signs in; defaults to the workspace's. */
  user?: { email: string; password: string };
  /** Bind the tokens to this DPoP key (RFC 9449): the code is exchanged with a proof of it. */
  dpopKey?: CryptoKeyPair;
}

export interface Connection {
  accessToken: string;
  refreshToken: string;
  registered: RegisteredClient;
  /** With `dpopKey`: oauth4webapi's DPoP handle over it, keeping the service's nonce. */
  dpop?: DPoPHandle;
}

const DEFAULT_SCOPES = { desk: ["desk:read", "desk:drafts"], resolve: ["resolve:read", "resolve:drafts"] };

/** A demo user (or the one asked for) signs in at `baseUrl` and connects a newly registered client. */
export async function connectAs(baseUrl: string, request: ConnectRequest): Promise<Connection> {
  const user = request.user ?? (request.workspace === "desk" ? DEMO_USERS.deskOwner : DEMO_USERS.consumer);
  const session = new BrowserSession(baseUrl);
  await session.signIn(user.email, user.password);
  const registered = await registerClient(baseUrl);
  const dpop = request.dpopKey === undefined ? undefined : registered.dpop(request.dpopKey);
  const tokens = await connectWorkspace(registered, session, {
    workspace: request.workspace,
    scopes: request.scopes ?? DEFAULT_SCOPES[request.workspace],
    ...(dpop === undefined ? {} : { dpop }),
  });
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token!, registered, ...(dpop === undefined ? {} : { dpop }) };
}

/**
 * The real assembled service on an ephemeral loopback port, on a fresh SQLite file or PostgreSQL
 * database with the demo data (a copy of the demo template unless `emptyDatabase`). The port is bound first because the base URL (the OAuth issuer)
 * must be known before the service is built.
 */
export async function startTestService(
  dialect: TestDialect,
  options: {
    now?: () => number;
    logger?: Logger;
    /** Start on this database (a restart) instead of a new one; it is then left for its owner to drop. */
    database?: TestDatabase;
    /** Start on an empty database the service migrates and seeds itself, instead of a copy of the demo template. */
    emptyDatabase?: boolean;
    workflow?: ServiceOptions["workflow"];
    /** The routing doors' vendors (fake servers on loopback); absent, the doors are not configured. */
    vendors?: ServerConfig["vendors"];
    /** Origins browsers may call MCP from, beside the service's own (MCP_ALLOWED_ORIGINS). */
    mcpAllowedOrigins?: string[];

    /** Client ID metadata document fetching (tests allow loopback and trust their own certificate). */
    clientMetadataDocuments?: ServiceOptions["clientMetadataDocuments"];
    /** Turns `GET /metrics` on for a scraper with this token. */
    metricsToken?: string;
    requestsPerMinute?: number;
    /** Who runs the deployment (OPERATOR_NAME, OPERATOR_CONTACT). */
    operator?: ServerConfig["operator"];
    /** Scheduled backups (BACKUP_DIR, …), every `backupIntervalMs` when given. */
    backups?: ServerConfig["backups"];
    backupIntervalMs?: number;
  } = {},
): Promise<TestService> {
  const testDatabase =
    options.database ??
    (await createTestDatabase(dialect, {
      prefix: "server_test",
      ...(options.emptyDatabase ? {} : { template: SERVER_DEMO_TEMPLATE }),
    }));
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const config: ServerConfig = {
    port,
    host: "127.0.0.1",
    baseUrl,
    databaseUrl: testDatabase.url,
    logLevel: "silent",
    demoSeed: true,
    ...(options.vendors === undefined ? {} : { vendors: options.vendors }),
    ...(options.mcpAllowedOrigins === undefined ? {} : { mcpAllowedOrigins: options.mcpAllowedOrigins }),
    ...(options.metricsToken === undefined ? {} : { metricsToken: options.metricsToken }),
    ...(options.operator === undefined ? {} : { operator: options.operator }),
    ...(options.backups === undefined ? {} : { backups: options.backups }),
  };
  const {
    logger = pino({ level: "silent" }),
    database: _database,
    emptyDatabase: _empty,
    workflow,
    vendors: _vendors,
    mcpAllowedOrigins: _origins,
    metricsToken: _token,
    operator: _operator,
    backups: _backups,
    ...serviceOptions
  } = options;
  const service = await createService(config, logger, {
    ...serviceOptions,
    workflow: { pollingIntervalSeconds: 0.5, ...workflow },
  });
  server.on("request", service.app);

  return {
    baseUrl,
    server,
    service,
    testDatabase,
    connect: (request) => connectAs(baseUrl, request),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
      if (options.database === undefined) await testDatabase.drop();
    },
  };
}
