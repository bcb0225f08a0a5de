import { APIConnectionError, APIError } from "./errors.js";
import { isRetryableStatus, retryDelayMs } from "./retry-policy.js";
import { DeskTools } from "./desk-tools.js";
import { ResolveTools } from "./resolve-tools.js";

export type Workspace = "desk" | "resolve";

export interface ConnectorClientOptions {
  /** The service's host root, e.g. `https://connector.example.com`. */
  baseUrl: string;
  /** An OAuth access token, or a function returning a fresh one (called before every attempt). */
  accessToken: string | (() => string | Promise<string>);
  /** Retries after the first attempt, on connection errors, 408, 429 and 5xx. Default 2. */
  maxRetries?: number;
  fetch?: typeof fetch;
}

/**
 * Typed client for the connector's REST tools. Each workspace's tools hang off `desk` and
 * `resolve`; `callTool` reaches any tool by name.
 */
export class ConnectorClient {
  readonly desk: DeskTools;
  readonly resolve: ResolveTools;
  private readonly toolsUrl: string;
  private readonly maxRetries: number;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: ConnectorClientOptions) {
    this.toolsUrl = `${options.baseUrl.replace(/\/+$/, "")}/api/connectors/v1`;
    this.maxRetries = options.maxRetries ?? 2;
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.desk = new DeskTools(this);
    this.resolve = new ResolveTools(this);
  }

  /** POSTs the arguments to one tool; retries keep the arguments (and so the idempotencyKey) unchanged. */
  async callTool<Result>(workspace: Workspace, tool: string, args: object = {}): Promise<Result> {
    const body = JSON.stringify(args);
    for (let attempt = 0; ; attempt++) {
      const canRetry = attempt < this.maxRetries;
      let response: Response;
      try {
        response = await this.fetchImpl(`${this.toolsUrl}/${workspace}/tools/${tool}`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${await this.token()}` },
          body,
        });
      } catch (cause) {
        if (!canRetry) throw new APIConnectionError(cause);
        await sleep(retryDelayMs(attempt, undefined));
        continue;
      }
      const payload: unknown = await response.json().catch(() => undefined);
      if (response.ok) return payload as Result;
      if (!canRetry || !isRetryableStatus(response.status)) {
        throw APIError.generate(response.status, payload, response.headers);
      }
      await sleep(retryDelayMs(attempt, response.headers));
    }
  }

  private async token(): Promise<string> {
    const { accessToken } = this.options;
    return typeof accessToken === "string" ? accessToken : accessToken();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
