import type { PoolBounds } from "@connector/store";
import type { VendorConfig } from "@connector/vendors";
import { z } from "zod";
import { type TracingConfig, tracingConfig, tracingEnvironment } from "./tracing/tracing-config.js";

/**
 * The only place that reads process.env: everything else receives this typed, validated config.
 * Invalid settings stop the process at start with a message naming the variable.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  BASE_URL: z.url().optional(),
  DATABASE_URL: z.string().min(1).default("./data/connector.db"),
  // PostgreSQL behind a transaction-pooling PgBouncer: a direct address for what needs a session of its own.
  DATABASE_DIRECT_URL: z.string().regex(/^postgres(?:ql)?:\/\//i, "must be a postgres:// URL").optional(),
  // Whether DATABASE_URL is a connection pooler; unset, it is one when DATABASE_DIRECT_URL names another address.
  DATABASE_URL_POOLED: z.enum(["true", "false"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DEMO_SEED: z.enum(["true", "false"]).default("true"),
  // The third-party services behind the routing doors (spec §4.3). Keys never leave the server.
  ROUTING_SERVICE_URL: z.url().optional(),
  ROUTING_SERVICE_KEY: z.string().optional(),
  LLM_SERVICE_URL: z.url().optional(),
  LLM_SERVICE_KEY: z.string().optional(),
  VENDOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  // At least 2: start-up holds one connection for its lock while migrating on another.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(1000).optional(),
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(1).optional(),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(1).optional(),
  DATABASE_MAX_WAITING: z.coerce.number().int().min(0).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  // At most 30 s: a handed-back run's job is retried for about 31 s at least (pg-boss backoff), so the lease is over by its last retry.
  WORKFLOW_LEASE_MS: z.coerce.number().int().min(1000).max(30_000).optional(),
  TRUST_PROXY: z.string().min(1).optional(),
  // The shared count is a PostgreSQL integer.
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  TOKEN_CACHE_TTL_MS: z.coerce.number().int().min(0).optional(),
  // Comma-separated origins (scheme://host[:port]) that browsers may call the MCP servers from, beside BASE_URL's.
  MCP_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .refine((value) => value === undefined || splitOrigins(value).every(isOrigin), {
      message: "must be a comma-separated list of origins such as https://app.example.com (scheme, host and port only)",
    }),
  // GET /metrics answers only a scraper with this bearer token; unset, there is no /metrics.
  METRICS_TOKEN: z.string().min(16, "use at least 16 characters").optional(),
  // Who runs this deployment and how people reach them: the front door names them where it says whom to ask
  // for an account or a new password (the service sends no email, so it cannot send a reset link).
  OPERATOR_NAME: z.string().trim().min(1).max(120).optional(),
  OPERATOR_CONTACT: z.string().trim().min(1).max(200).optional(),
  // Scheduled backups of the SQLite database, in the server process: a directory turns them on.
  BACKUP_DIR: z.string().trim().min(1).optional(),
  BACKUP_INTERVAL_MINUTES: z.coerce
    .number({ error: "must be a whole number of minutes" })
    .int("must be a whole number of minutes")
    .min(1, "must be at least 1 (minute)")
    .max(10_080, "must be at most 10080 (a week)")
    .optional(),
  BACKUP_KEEP: z.coerce
    .number({ error: "must be a whole number of backups" })
    .int("must be a whole number of backups")
    .min(1, "must keep at least 1 backup")
    .max(10_000, "must be at most 10000")
    .optional(),
  // OpenTelemetry's standard variables: traces go over OTLP/HTTP when an endpoint is set (tracing/tracing-config.ts).
  ...tracingEnvironment,
}).superRefine((settings, context) => {
  // Scheduled backups need a directory, and copy the SQLite file: PostgreSQL has its own tools.
  for (const name of ["BACKUP_INTERVAL_MINUTES", "BACKUP_KEEP"] as const) {
    if (settings[name] !== undefined && settings.BACKUP_DIR === undefined) {
      context.addIssue({ code: "custom", path: [name], message: "needs BACKUP_DIR, the directory backups are written to (without it there are no scheduled backups)" });
    }
  }
  if (settings.BACKUP_DIR === undefined) return;
  if (/^postgres(?:ql)?:\/\//i.test(settings.DATABASE_URL.trim())) {
    context.addIssue({
      code: "custom",
      path: ["BACKUP_DIR"],
      message: "scheduled backups copy the SQLite database; on PostgreSQL use its own tools (pg_dump, or pg_basebackup with WAL archiving): README, \"Operate\"",
    });
  } else if (/^(?:sqlite:(?:\/\/)?)?:memory:$/i.test(settings.DATABASE_URL.trim())) {
    context.addIssue({ code: "custom", path: ["BACKUP_DIR"], message: "an in-memory database (:memory:) has no file to back up" });
  }
});

const splitOrigins = (value: string) => value.split(",").map((origin) => origin.trim()).filter((origin) => origin !== "");
/** An origin exactly as a browser sends it in `Origin`: no path, no trailing slash. */
const isOrigin = (value: string) => URL.canParse(value) && new URL(value).origin === value;

export interface ServerConfig {
  port: number;
  host: string;
  /** Public root of the service, without a trailing slash; also the OAuth issuer. */
  baseUrl: string;
  databaseUrl: string;
  /**
   * PostgreSQL only: where what needs a session of its own connects (the revocation feed's LISTEN,
   * pg-boss, the start-up advisory lock) when `databaseUrl` is a transaction-pooling PgBouncer.
   * Unset: `databaseUrl`.
   */
  databaseDirectUrl?: string;
  logLevel: z.output<typeof envSchema>["LOG_LEVEL"];
  /** Seed the demo dataset when the database is empty. */
  demoSeed: boolean;
  /** The routing door's vendors; absent or without a key, the doors fail closed. */
  vendors?: { routing: VendorConfig; languageModel: VendorConfig };
  /** PostgreSQL pool bounds; unset ones take the store's defaults. */
  pool?: Partial<PoolBounds>;
  /** On SIGTERM, how long open requests may take before their connections are closed. */
  shutdownTimeoutMs?: number;
  /** How long an Account Workflow worker's claim on a run holds before another process may take it over (default 30 s). */
  workflowLeaseMs?: number;
  /** Express `trust proxy` (hop count, `loopback`, addresses), so client IPs come from X-Forwarded-For behind a load balancer. */
  trustProxy?: boolean | number | string;
  /** Connector calls per minute per grant: the spec's 120 unless set; only benchmarks raise it. */
  requestsPerMinute?: number;
  /** How long a verified access token is reused without a lookup (default 1000 ms); revocations end it sooner. */
  tokenCacheTtlMs?: number;
  /** Origins browsers may call the MCP servers from, beside the service's own (DNS-rebinding protection). */
  mcpAllowedOrigins?: string[];
  /** The bearer token `GET /metrics` requires; without it the metrics are off. */
  metricsToken?: string;
  /** Who runs this deployment and how to reach them (an email address, a phone number or a web address), for the front door. */
  operator?: { name: string; contact?: string };
  /** Scheduled backups of the SQLite database (BACKUP_DIR); absent, there are none. */
  backups?: BackupSchedule;
  /** Where and how traces are exported (the standard `OTEL_*` variables); unset, nothing is traced. */
  tracing?: TracingConfig;
}

/** Where, how often and how many scheduled backups of the SQLite database are kept. */
export interface BackupSchedule {
  directory: string;
  intervalMinutes: number;
  keep: number;
}

/** Scheduled backups' defaults: hourly, a day of them kept. */
export const DEFAULT_BACKUP_INTERVAL_MINUTES = 60;
export const DEFAULT_BACKUP_KEEP = 24;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const { PORT, HOST, BASE_URL, DATABASE_URL, LOG_LEVEL, DEMO_SEED, VENDOR_TIMEOUT_MS: timeoutMs } = parsed.data;
  const settings = parsed.data;
  const tracing = tracingConfig(settings);
  return {
    port: PORT,
    host: HOST,
    baseUrl: (BASE_URL ?? `http://${HOST === "0.0.0.0" ? "127.0.0.1" : HOST}:${PORT}`).replace(/\/+$/, ""),
    databaseUrl: DATABASE_URL,
    ...(settings.DATABASE_DIRECT_URL === undefined ? {} : { databaseDirectUrl: settings.DATABASE_DIRECT_URL }),
    logLevel: LOG_LEVEL,
    demoSeed: DEMO_SEED === "true",
    vendors: {
      routing: { url: parsed.data.ROUTING_SERVICE_URL, key: parsed.data.ROUTING_SERVICE_KEY, timeoutMs },
      languageModel: { url: parsed.data.LLM_SERVICE_URL, key: parsed.data.LLM_SERVICE_KEY, timeoutMs },
    },
    pool: {
      throughPooler: settings.DATABASE_URL_POOLED === undefined ? undefined : settings.DATABASE_URL_POOLED === "true",
      size: settings.DATABASE_POOL_SIZE,
      acquireTimeoutMs: settings.DATABASE_ACQUIRE_TIMEOUT_MS,
      queryTimeoutMs: settings.DATABASE_QUERY_TIMEOUT_MS,
      maxWaiting: settings.DATABASE_MAX_WAITING,
    },
    shutdownTimeoutMs: settings.SHUTDOWN_TIMEOUT_MS,
    workflowLeaseMs: settings.WORKFLOW_LEASE_MS,
    trustProxy: parseTrustProxy(settings.TRUST_PROXY),
    requestsPerMinute: settings.RATE_LIMIT_PER_MINUTE,
    tokenCacheTtlMs: settings.TOKEN_CACHE_TTL_MS,
    mcpAllowedOrigins: settings.MCP_ALLOWED_ORIGINS === undefined ? [] : splitOrigins(settings.MCP_ALLOWED_ORIGINS),
    metricsToken: settings.METRICS_TOKEN,
    ...(tracing === undefined ? {} : { tracing }),
    ...(settings.OPERATOR_NAME === undefined
      ? {}
      : { operator: { name: settings.OPERATOR_NAME, ...(settings.OPERATOR_CONTACT === undefined ? {} : { contact: settings.OPERATOR_CONTACT }) } }),
    ...(settings.BACKUP_DIR === undefined
      ? {}
      : {
          backups: {
            directory: settings.BACKUP_DIR,
            intervalMinutes: settings.BACKUP_INTERVAL_MINUTES ?? DEFAULT_BACKUP_INTERVAL_MINUTES,
            keep: settings.BACKUP_KEEP ?? DEFAULT_BACKUP_KEEP,
          },
        }),
  };
}

/** Express's forms: unset is false (the peer's address is the client's), a number is a hop count, anything else a list of trusted addresses or names (`loopback`). */
function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * Where a path typed for an operator's command (`backup --to`, `restore --from`) is taken from: where it was
 * typed. `pnpm --filter @connector/server backup` runs in the package's directory and names the typist's in INIT_CWD.
 */
export function typedPathBase(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD ?? process.cwd();
}
