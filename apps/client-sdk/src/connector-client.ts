import { DeskTools } from "./desk-tools.js";
import { ConnectorError, isConnectorError } from "./errors.js";
import { httpAttempt, sleep } from "./http-attempt.js";
import { newIdempotencyKey } from "./idempotency-key.js";
import type { AccessTokenSource } from "./oauth/connector-auth.js";
import { ResolveTools } from "./resolve-tools.js";
import { type BackoffOptions, isRetryableStatus, MAX_RETRY_AFTER_MS, retryDelayMs } from "./retry-policy.js";
import type { CallOptions, SavedDraft, ToolArguments, ToolName, ToolOperation, ToolResult } from "./tool-types.js";
import type { Workspace } from "./workspace.js";

export interface ConnectorClientOptions {
  /** The service's host root, e.g. `https://connector.example.com`. */
  baseUrl: string;
  /** A {@link ConnectorAuth} (refreshes on its own), any {@link AccessTokenSource}, or a bare access token. */
  auth: AccessTokenSource | string;
  /** Retries after the first attempt, on connection errors, timeouts, 429 and 503. Default 2. */
  maxRetries?: number;
  /** Per attempt, in milliseconds. Default 30 000. */
  timeoutMs?: number;
  backoff?: BackoffOptions;
  /**
   * Sent as `Accept-Language` on every call (`"es"`, `"es-US"`): the tools that have Spanish words (the Resolve
   * guide, a consumer request's letter) answer in them. Default: none, which the service answers in English.
   */
  language?: string;
  /** Called as each wait before a retry starts (a 429's `Retry-After` can be up to a minute). */
  onRetry?: (retry: RetryInfo) => void;
  /**
   * Called with every answer's status and headers, successful or not: `RateLimit` (`"per-grant";r=117;t=42`,
   * what is left of the minute's quota), `RateLimit-Policy`, `X-Request-Id`.
   */
  onResponse?: (response: { status: number; headers: Headers }) => void;
  fetch?: typeof fetch;
}

/** What {@link ConnectorClientOptions.onRetry} is told. */
export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  /** How long the client waits before it. */
  delayMs: number;
  /** The failure being retried. */
  error: ConnectorError;
}

/**
 * Typed client for the connector's REST tools (spec §4.1): `client.desk.listAccounts()`,
 * `client.resolve.relayApprovedOffer()`, … Arguments are typed by the published schema and checked by
 * the service, whose words a refusal carries; answers that are not 200 become {@link ConnectorError} subclasses.
 */
export class ConnectorClient {
  readonly desk: DeskTools;
  readonly resolve: ResolveTools;
  private readonly toolsUrl: string;
  private readonly auth: AccessTokenSource;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: ConnectorClientOptions) {
    this.toolsUrl = `${options.baseUrl.replace(/\/+$/, "")}/api/connectors/v1`;
    const { auth } = options;
    this.auth = typeof auth === "string" ? { accessToken: async () => auth } : auth;
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.desk = new DeskTools(this);
    this.resolve = new ResolveTools(this);
  }

  /**
   * Calls one tool by workspace and name. The body is serialised once, so every retry sends the same
   * bytes (and so the same idempotency key). On 401 the token is refreshed once and the call repeated
   * (not on `wrong_workspace`, which no refresh fixes);
   * connection errors, timeouts, 429 and 503 are retried with backoff, honouring `Retry-After`.
   */
  callTool<W extends Workspace, Tool extends ToolName<W>>(
    workspace: W,
    tool: Tool,
    args: ToolArguments<ToolOperation<W, Tool>>,
    options: CallOptions = {},
  ): Promise<ToolResult<ToolOperation<W, Tool>>> {
    return this.invoke(workspace, tool, args, options) as Promise<ToolResult<ToolOperation<W, Tool>>>;
  }

  /** {@link callTool} for arguments already typed by a method (the draft tools add their key here). */
  private async invoke(workspace: Workspace, tool: string, args: object, options: CallOptions): Promise<unknown> {
    const idempotencyKey = (args as { idempotencyKey?: unknown }).idempotencyKey;
    try {
      if (this.auth.workspace !== undefined && this.auth.workspace !== workspace) {
        throw new ConnectorError({
          code: "workspace_not_connected",
          message: `This client is connected to ${this.auth.workspace}; ${workspace} needs its own connection.`,
        });
      }
      // The service checks the arguments and says what is wrong in its own words (a 400 naming the field);
      // the argument types catch most mistakes before that, at compile time.
      const body = JSON.stringify(args);
      return await this.send(`${this.toolsUrl}/${workspace}/tools/${tool}`, body, options);
    } catch (error) {
      // The caller can retry the same draft later with this key (spec §7 rule 3).
      if (isConnectorError(error) && typeof idempotencyKey === "string") error.idempotencyKey = idempotencyKey;
      throw error;
    }
  }

  /**
   * Calls a draft tool. The idempotency key (the caller's, or one chosen here) is fixed before the
   * first attempt, so every retry is an identical retry (spec §7 rule 1), and comes back on the result.
   */
  async callDraftTool<W extends Workspace, Tool extends ToolName<W>>(
    workspace: W,
    tool: Tool,
    request: Omit<ToolArguments<ToolOperation<W, Tool>>, "idempotencyKey"> & { idempotencyKey?: string },
    options: CallOptions = {},
  ): Promise<SavedDraft<ToolResult<ToolOperation<W, Tool>>>> {
    const idempotencyKey = request.idempotencyKey ?? newIdempotencyKey();
    const result = (await this.invoke(workspace, tool, { ...request, idempotencyKey }, options)) as object;
    return { ...result, idempotencyKey } as SavedDraft<ToolResult<ToolOperation<W, Tool>>>;
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (this.options.language !== undefined) headers["accept-language"] = this.options.language;
    return headers;
  }

  /**
   * A fetch that presents `token`: through the credentials' own `presentToken` (a DPoP-bound token with its
   * proof), else as `Authorization: Bearer`.
   */
  private presenting(token: string): typeof fetch {
    const { auth, fetchImpl } = this;
    if (auth.presentToken !== undefined) return (input, init) => auth.presentToken!(token, String(input), init ?? {}, fetchImpl);
    return (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("authorization", `Bearer ${token}`);
      return fetchImpl(input, { ...init, headers });
    };
  }

  private async send(url: string, body: string, options: CallOptions): Promise<unknown> {
    const maxRetries = options.maxRetries ?? this.options.maxRetries ?? 2;
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? 30_000;
    let refreshed = false;
    for (let attempt = 0; ; ) {
      let token: string | undefined;
      let failure: ConnectorError;
      try {
        token = await this.auth.accessToken(options.signal);
        const answer = await httpAttempt(
          this.presenting(token),
          url,
          { method: "POST", headers: this.headers(), body },
          timeoutMs,
          options.signal,
        );
        this.options.onResponse?.({ status: answer.status, headers: answer.headers });
        if (answer.status === 200) return answer.body;
        failure = ConnectorError.fromResponse(answer.status, answer.body, answer.headers);
      } catch (error) {
        if (!isConnectorError(error, "connection_error", "timeout")) throw error;
        failure = error;
      }
      // A 401 means the token died early (revoked, or a clock apart): one refresh, then the same call.
      // Not for a token of the other workspace (a refresh would only bring another token of that workspace),
      // nor for a refused DPoP proof (the next call signs a new one; a new token would not change it).
      if (failure.status === 401 && refreshMayHelp(failure.code) && !refreshed && token !== undefined && this.auth.refreshAfterUnauthorized) {
        refreshed = true;
        await this.auth.refreshAfterUnauthorized(token, options.signal);
        continue;
      }
      const retryable = failure.status === undefined || isRetryableStatus(failure.status);
      if (!retryable || attempt >= maxRetries) throw failure;
      const delay = retryDelayMs(attempt, failure.headers, this.options.backoff);
      if (delay > MAX_RETRY_AFTER_MS) throw failure;
      attempt++;
      this.options.onRetry?.({ attempt, delayMs: delay, error: failure });
      await sleep(delay, options.signal);
    }
  }
}

/** 401s a refresh can cure: not `wrong_workspace`, `invalid_dpop_proof` or `use_dpop_nonce`. */
function refreshMayHelp(code: string): boolean {
  return code !== "wrong_workspace" && code !== "invalid_dpop_proof" && code !== "use_dpop_nonce";
}
