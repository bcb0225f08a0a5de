import {
  cachedTokenVerifier,
  type ClientMetadataDocumentSettings,
  createAuthRouter,
  createPageSessions,
  createBearerGuard,
  createDpopProofs,
  createLocalRevocationFeed,
  createTokenVerifier,
} from "@connector/auth";
import { API_V1_BASE, API_V1_ROUTES, createApiV1Router } from "@connector/api-v1";
import { createPlacementJobRunner, createWorkflowEngine, type PlacementJobRunnerOptions, type WorkflowEngineOptions } from "@connector/workflow-engine";
import { apiV1Services } from "./api-v1-services.js";
import { buildToolCatalogue, ServiceError, type ToolRuntime } from "@connector/core";
import { loggableError } from "@connector/core/errors";
import { CONNECTOR_RATE_LIMIT } from "@connector/core/limits";
import type { RevocationFeed } from "@connector/core/ports";
import {
  baseHeaders,
  type ConnectorGate,
  refuseDeclaredOversize,
  refuseNulInAddress,
  reportUnexpected,
  requestIdOf,
  requestIds,
  toErrorResponse,
  writeErrorResponse,
} from "@connector/http";
import { addMcpRoutes } from "@connector/mcp-server";
import { peoplesPages } from "./peoples-pages.js";
import { authPages, isPageRequest, notFoundPage, notFoundPageFallback, serverErrorPage, siteRoutes } from "@connector/pages";
import { readerMiddleware, sendPage, serveAssets } from "@connector/ui";
import { createLanguageModelClient, createRoutingServiceClient, DEFAULT_VENDOR_TIMEOUT_MS } from "@connector/vendors";
import { addConnectorRestRoutes, CONNECTOR_REST_BASE, openApiRouter } from "@connector/rest-server";
import {
  bufferedActivityRecorder,
  type BufferedActivityRecorder,
  bufferedCounterStore,
  checkDatabase,
  createAuthStores,
  createStores,
  type Database,
  exhaustedWindowMemo,
  leasedCounterStore,
  parseDatabaseUrl,
  readPlacementJobBacklog,
  readWorkflowBacklog,
} from "@connector/store";
import { createPostgresRevocationFeed } from "@connector/store/postgres";
import express, { type Express } from "express";
import type { ServerConfig } from "./config.js";
import { migrateServerDatabase, openServerDatabase, sessionUrlOf } from "./server-database.js";
import { type DemoSeedResult, seedDemo } from "./demo-data.js";
import { healthRoutes } from "./health-routes.js";
import type { Logger } from "./logger.js";
import { logServerFailure } from "./log-server-failure.js";
import { type RouteOf, watchRoutes } from "./matched-route.js";
import { httpMetrics } from "./metrics/http-metrics.js";
import { meteredActivity, meteredAuthLogger } from "./metrics/metered-seams.js";
import { metricsRoute } from "./metrics/metrics-route.js";
import { watchEventLoopDelay } from "./metrics/event-loop-delay.js";
import { startScheduledBackups } from "./backup/scheduled-backups.js";
import { backupMetrics, createServiceMetrics, observeDatabase, observeEventLoopDelay, observeJobQueues } from "./metrics/service-metrics.js";
import { requestLog } from "./request-log.js";
import { traceHttpRequests } from "./tracing/http-server-span.js";

export interface Service {
  app: Express;
  database: Database;
  demo: DemoSeedResult | undefined;
  /** Readiness turns false (a load balancer stops sending) while open requests finish. */
  beginShutdown(): void;
  /** Every revocation goes through this feed (pass it to `revokeUserGrant`), so it bites before the answer. */
  revocations: RevocationFeed;
  /** Each connection's trail of tool calls (reading it first writes what this process holds). */
  connectionActivity: BufferedActivityRecorder;
  /** Stops the workflow worker (runs in hand get up to `workflowTimeoutMs`, then are handed back), flushes, closes the pool. */
  close(options?: { workflowTimeoutMs?: number }): Promise<void>;
}

export interface ServiceOptions {
  /** Test clocks: milliseconds since the epoch. */
  now?: () => number;
  /** Per-grant quota; the spec's 120 unless a benchmark needs headroom. */
  requestsPerMinute?: number;
  /** Account Workflow engine settings (tests shorten the lease and the polling interval). */
  workflow?: Omit<WorkflowEngineOptions, "now" | "reportError"> & { pollingIntervalSeconds?: number };
  /** Placement job settings (tests shorten the lease and the sweep). */
  placementJobs?: Omit<PlacementJobRunnerOptions, "reportError">;
  /**
   * Client ID metadata document fetching; production keeps the hardened defaults. Only tests set
   * it (loopback allowed, their self-signed certificate trusted), so it is no environment variable.
   */
  clientMetadataDocuments?: ClientMetadataDocumentSettings;
  /** The event-loop delay gauge's window (default a minute; tests shorten it). */
  eventLoopWindowMs?: number;
  /** Scheduled backups' interval in ms, in place of BACKUP_INTERVAL_MINUTES (tests shorten it). */
  backupIntervalMs?: number;
}

/**
 * How long a transaction of a file's placement may take on PostgreSQL: long enough to save some
 * thousands of accounts a commit, short enough for the statement bounds and a quick hand-over.
 */
const SERVER_DATABASE_TRANSACTION_MS = 150;

/**
 * The assembly: opens and migrates the database, seeds the demo when asked, and mounts the
 * authorization server, the REST tools with their OpenAPI documents, and the MCP servers.
 * Everything here is wiring; behaviour lives in the packages.
 */
export async function createService(config: ServerConfig, logger: Logger, options: ServiceOptions = {}): Promise<Service> {
  // Off unless a scraper's token is configured: then every request is timed and counted (metrics/).
  const metrics = config.metricsToken === undefined ? undefined : createServiceMetrics();
  const database = await openServerDatabase(config, metrics === undefined ? {} : { onUnavailable: () => metrics.databaseUnavailable.inc() });
  const stores = createStores(database);
  const authStores = createAuthStores(database);
  // Processes starting together on one empty database take turns: one migrates and seeds, the rest find it done.
  // Behind a transaction-pooling PgBouncer, whatever needs a session of its own connects directly.
  const sessionUrl = sessionUrlOf(config);
  const demo = await migrateServerDatabase(database, config, async () => (config.demoSeed ? seedDemo(database, authStores) : undefined), {
    onRetry: (error) => logger.warn(loggableError(error), "database unavailable at start; trying again"),
  });
  let shuttingDown = false;

  const nowMs = options.now ?? Date.now;
  // Each connection's trail of tool calls, written in batches off the hot path; flushed on close.
  const connectionActivity = bufferedActivityRecorder(stores.connectionActivity);
  const runtime: ToolRuntime = {
    activity: metrics === undefined ? connectionActivity : meteredActivity(connectionActivity, metrics),
    catalogue: buildToolCatalogue(),
    stores,
    baseUrl: config.baseUrl,
    now: () => new Date(nowMs()),
    reportError: (error, requestId) => logServerFailure(logger, "connector request failed", error, requestId),
  };
  // A verified token is reused for a second unless a revocation announced on the feed ends it sooner.
  // Several processes on PostgreSQL hear each other's revocations through LISTEN/NOTIFY.
  const sharedRevocations =
    database.capabilities.notifications
      ? createPostgresRevocationFeed({
          database,
          connectionString: sessionUrl,
          local: createLocalRevocationFeed(),
          onError: (error) => logger.warn(loggableError(error), "revocation notifications interrupted"),
        })
      : undefined;
  const revocations = sharedRevocations ?? createLocalRevocationFeed();
  // DPoP (RFC 9449): one replay store and one nonce for the token endpoint and the resource servers.
  const dpop = createDpopProofs({ stores: authStores, now: nowMs });
  const verifier = cachedTokenVerifier(createTokenVerifier(authStores, { now: nowMs }), {
    ttlMs: config.tokenCacheTtlMs ?? 1000,
    revocations,
    now: nowMs,
  });
  // One process owns a SQLite file: it counts in memory and writes in batches. Several processes share
  // PostgreSQL: each takes the per-grant allowance in leases from one count there, so the limit is
  // exact across processes at about one statement per lease (leased-counter-store.ts states the bounds).
  // The per-address limits of /api/v1 stay one upsert per counted request, refused ones answered from memory.
  const perGrantLimit = options.requestsPerMinute ?? CONNECTOR_RATE_LIMIT.limit;
  const { sharedByProcesses } = database.capabilities;
  const bufferedCounts = sharedByProcesses ? undefined : bufferedCounterStore(stores.counters);
  const leasedCounts = sharedByProcesses ? leasedCounterStore(stores.counterLeases, { limit: perGrantLimit, now: nowMs }) : undefined;
  const counters = bufferedCounts ?? exhaustedWindowMemo(stores.counters, perGrantLimit);
  const gate: ConnectorGate = {
    authenticate: createBearerGuard({ verifier, baseUrl: config.baseUrl, dpop }).authenticate,
    counters: leasedCounts ?? counters,
    ...(options.requestsPerMinute === undefined ? {} : { requestsPerMinute: options.requestsPerMinute }),
    now: nowMs,
  };

  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy !== undefined) app.set("trust proxy", config.trustProxy);
  // Tool results answer POSTs: an ETag would cost a hash of every body and serve no cache.
  app.set("etag", false);
  // Which route answered each request, for the metrics' labels and the request's span (routers mounted below are
  // named here); watched only when one of them is on.
  const routeOf: RouteOf =
    metrics === undefined && config.tracing === undefined ? () => undefined : watchRoutes(app, [CONNECTOR_REST_BASE, API_V1_BASE]);
  // With tracing on (OTEL_* set, tracing/), a span per request, first, so everything after runs inside it.
  if (config.tracing !== undefined) app.use(traceHttpRequests({ routeOf, baseUrl: config.baseUrl }));
  // Every response names its request (X-Request-Id), first, so every later line can use the id.
  app.use(requestIds());
  // nosniff and no-store on every answer (cacheable ones set their own), HSTS behind https.
  app.use(baseHeaders({ baseUrl: config.baseUrl }));
  // U+0000 in an address is refused before any route reads it (bodies are checked by their readers).
  app.use(refuseNulInAddress());
  // A declared body over 64 KiB on the API paths is refused before authentication reads anything.
  app.use(["/api", "/mcp"], refuseDeclaredOversize());
  if (metrics !== undefined && config.metricsToken !== undefined) {
    observeDatabase(metrics, database, () => readWorkflowBacklog(database), nowMs);
    // Labels are route patterns as declared.
    app.use(httpMetrics(metrics, routeOf));
    app.use(metricsRoute(metrics, config.metricsToken));
  }
  // When the level writes no info lines (warn, error, silent), the middleware (a timer and a listener per
  // request) is left out. The level is read here, at start.
  if (logger.isLevelEnabled("info")) app.use(requestLog(logger.child({ component: "http" })));
  // Connector routes first: they are the hot path, and every router a request passes costs time.
  addConnectorRestRoutes(app, { runtime, gate });
  // Browsers may call MCP only from the service's own origin and the configured ones (MCP_ALLOWED_ORIGINS).
  addMcpRoutes(app, { runtime, gate, allowedOrigins: [new URL(config.baseUrl).origin, ...(config.mcpAllowedOrigins ?? [])] });
  app.use(CONNECTOR_REST_BASE, openApiRouter(runtime.catalogue, config.baseUrl));
  // Account Workflow: pg-boss on PostgreSQL, in-process on SQLite; started once the routes are in place.
  const workflowEngine = createWorkflowEngine(
    stores,
    { sharedByProcesses, url: sessionUrl },
    {
      ...(config.workflowLeaseMs === undefined ? {} : { leaseMs: config.workflowLeaseMs }),
      ...options.workflow,
      now: runtime.now, reportError: (error) => logger.warn(loggableError(error), "account workflow attempt failed") },
  );
  const unconfigured = { url: undefined, key: undefined, timeoutMs: DEFAULT_VENDOR_TIMEOUT_MS };
  const backOffice = apiV1Services({
    stores,
    authStores,
    baseUrl: config.baseUrl,
    now: nowMs,
    workflowQueue: workflowEngine.queue,
    reportError: (error) => logger.error(loggableError(error), "account workflow runs not handed to the engine"),
    counters,
    // The routing doors' vendors: addresses and keys from server configuration only.
    doors: {
      routing: createRoutingServiceClient(config.vendors?.routing ?? unconfigured),
      languageModel: createLanguageModelClient(config.vendors?.languageModel ?? unconfigured),
    },
  });
  // Files placed as jobs (issue 47): run in the background here, taken up after a crash by any process.
  const placementJobs = createPlacementJobRunner(backOffice.services.backOffice, {
    ...(config.workflowLeaseMs === undefined ? {} : { leaseMs: config.workflowLeaseMs }),
    ...(options.placementJobs ?? {}),
    reportError: (error) => logger.warn(loggableError(error), "placement job interrupted; it is taken up again after its lease"),
  });
  // The runner works through the same operations it is handed to (a job's worker is a back-office caller).
  backOffice.services.backOffice.placementJobs = placementJobs;
  // PostgreSQL runs a statement in its own process: a file's transactions may be longer there (issue 47).
  if (sharedByProcesses) {
    backOffice.services.backOffice.transactionMs = SERVER_DATABASE_TRANSACTION_MS;
    backOffice.services.backOffice.databaseApart = true;
  }
  const apiV1 = {
    routes: API_V1_ROUTES,
    services: backOffice.services,
    authenticator: backOffice.authenticator,
    reportError: (error: unknown, requestId?: string) => logServerFailure(logger, "api/v1 request failed", error, requestId),
  };
  app.use(API_V1_BASE, createApiV1Router(apiV1));
  // The routing doors (/api/agents/route, /api/reception): described with /api/v1, served from the root.
  app.use(createApiV1Router({ ...apiV1, mount: "root" }));
  // The people's pages: their stylesheet and script (hashed, cached for a year), and who is signed in.
  app.use(serveAssets());
  // Below here, pages show times in the zone the reader's browser reported (its `tz` cookie), else the default.
  app.use(readerMiddleware());
  const pageSessions = createPageSessions({ stores: authStores, baseUrl: config.baseUrl, now: nowMs });
  app.use(siteRoutes({ baseUrl: config.baseUrl, sessions: pageSessions, operator: config.operator }));
  app.use(peoplesPages({ sessions: pageSessions, backOffice: backOffice.services, authStores, revocations, connectionActivity, logger }));
  app.use(healthRoutes({ checkDatabase: () => checkDatabase(database), shuttingDown: () => shuttingDown }));
  const authLogger = logger.child({ component: "auth" });
  app.use(
    createAuthRouter({
      stores: authStores,
      baseUrl: config.baseUrl,
      now: nowMs,
      logger: metrics === undefined ? authLogger : meteredAuthLogger(authLogger, metrics),
      revocations,
      dpop,
      // The port the OAuth server shows a person through, bound to the people's pages (neither imports the other).
      pages: authPages,
      ...(options.clientMetadataDocuments === undefined ? {} : { clientMetadataDocuments: options.clientMetadataDocuments }),
    }),
  );
  // A browser gets a page for an unknown address; API clients get the JSON error.
  app.use(notFoundPageFallback(pageSessions));
  app.use((_req, res) => {
    writeErrorResponse(res, new ServiceError("not_found", "There is nothing at this address."));
  });
  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    reportUnexpected(error, (unexpected) => logServerFailure(logger, "unhandled error", unexpected, requestIdOf(res)));
    // A browser's page that failed on our side gets a page too, and so does an address that cannot be
    // decoded (a mangled link: the router's 400 for "%ff"); everything else keeps the JSON error.
    const { status, headers } = toErrorResponse(error);
    if (isPageRequest(req) && !res.headersSent && (status >= 500 || status === 400)) {
      res.set(headers);
      sendPage(res, status, status >= 500 ? serverErrorPage(requestIdOf(res)) : notFoundPage(undefined, requestIdOf(res)));
    } else writeErrorResponse(res, error);
  });

  // The operator's gauges read off the request path: the loop's delay by the minute, the job queues when scraped.
  const loopDelay = metrics === undefined ? undefined : watchEventLoopDelay(options.eventLoopWindowMs);
  if (metrics !== undefined && loopDelay !== undefined) {
    observeEventLoopDelay(metrics, loopDelay.latest);
    observeJobQueues(
      metrics,
      {
        placement: async () => {
          const jobs = await readPlacementJobBacklog(database);
          return { waiting: jobs.unfinished, oldestQueuedAt: jobs.oldestCreatedAt === undefined ? undefined : Date.parse(jobs.oldestCreatedAt) };
        },
        account_workflow: () => workflowEngine.backlog(),
      },
      nowMs,
    );
  }

  // Scheduled backups of the SQLite file (BACKUP_DIR), on a worker thread; config.ts refuses them on PostgreSQL.
  const location = parseDatabaseUrl(config.databaseUrl);
  const backups =
    config.backups === undefined || location.dialect !== "sqlite"
      ? undefined
      : await startScheduledBackups({
          databaseFile: location.filename,
          directory: config.backups.directory,
          intervalMs: options.backupIntervalMs ?? config.backups.intervalMinutes * 60_000,
          keep: config.backups.keep,
          logger,
          ...(metrics === undefined ? {} : { metrics: backupMetrics(metrics) }),
          now: nowMs,
        });

  await workflowEngine.start();
  await placementJobs.start();

  return {
    app,
    database,
    demo,
    beginShutdown() {
      shuttingDown = true;
    },
    revocations,
    connectionActivity,
    async close(closing = {}) {
      loopDelay?.stop();
      await backups?.stop();
      await placementJobs.stop(closing.workflowTimeoutMs);
      await workflowEngine.stop(closing.workflowTimeoutMs);
      await bufferedCounts?.flush();
      await leasedCounts?.close();
      await connectionActivity.flush();
      await sharedRevocations?.close();
      await database.close();
    },
  };
}
