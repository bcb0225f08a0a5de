import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AbortedError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  ConnectorClient,
  ConnectorError,
  isConnectorError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
  WrongWorkspaceError,
} from "../src/index.js";
import { connectAuth, newAuth, type SdkService, startSdkService } from "./support/sdk-service.js";
import { TcpProxy } from "./support/tcp-proxy.js";

let service: SdkService;
let proxy: TcpProxy;
let client: ConnectorClient;
let sent: string[];
/** The X-Request-Id of each request the main client sent. */
const sentIds: string[] = [];

/** A client on the desk demo owner's connection that records every request it puts on the wire. */
async function countingClient(
  options: { scopes?: string[]; baseUrl?: string; maxRetries?: number } = {},
): Promise<{ client: ConnectorClient; sent: string[] }> {
  const sent: string[] = [];
  const auth = await connectAuth(service, newAuth(service, "desk"), { scopes: options.scopes });
  const client = new ConnectorClient({
    baseUrl: options.baseUrl ?? service.baseUrl,
    auth,
    backoff: { baseDelayMs: 20 },
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
    fetch: (input, init) => {
      sent.push(String(input));
      sentIds.push(new Headers(init?.headers).get("x-request-id") ?? "");
      return fetch(input, init);
    },
  });
  return { client, sent };
}

/** Every answer of the service carries its request id, header first (the body's `requestId` as fallback). */
function expectRequestId(error: unknown): void {
  expect((error as ConnectorError).requestId, "X-Request-Id of the failed call").toMatch(/^\S+$/);
}

const MISSING_ACCOUNT = "0190c3a4-7e3b-7a10-8d2e-5b9c1f0a7e21";

beforeAll(async () => {
  service = await startSdkService();
  proxy = await TcpProxy.start(service.baseUrl);
  ({ client, sent } = await countingClient());
});
afterAll(async () => {
  await proxy?.close();
  await service?.close();
});

describe("a class per status of §7, with the service's code, message, field and request id, never retried", () => {
  it("400: personal data in an argument is a BadRequestError naming the field, never echoing the value", async () => {
    const before = sent.length;
    const error = await client.desk
      .createPlacementDraft({ title: "SSN 123-45-6789", accounts: [{ reference: "R-1", name: "N", amount: 1 }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, code: "forbidden_personal_data", field: "title" });
    expect((error as Error).message).not.toContain("6789");
    expect((error as ConnectorError).idempotencyKey).toMatch(/^sdk-/);
    expect(sent.length - before).toBe(1);
    expectRequestId(error);
  });

  it("401: a token the service does not know is an AuthenticationError with its challenge", async () => {
    const anonymous = new ConnectorClient({ baseUrl: service.baseUrl, auth: "made-up-token" });
    const error = await anonymous.desk.capabilities().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(isConnectorError(error, "invalid_token", "connection_required")).toBe(true);
    expect((error as ConnectorError).headers?.get("www-authenticate")).toContain("resource_metadata=");
    expectRequestId(error);
  });

  it("401 wrong_workspace: a Resolve token on a Desk tool is a WrongWorkspaceError, and no refresh is tried", async () => {
    const resolveAuth = await connectAuth(service, newAuth(service, "resolve"));
    let refreshes = 0;
    // Credentials that do not say their workspace, so the call reaches the service.
    const unlabelled = {
      accessToken: (signal?: AbortSignal) => resolveAuth.accessToken(signal),
      refreshAfterUnauthorized: async () => {
        refreshes++;
      },
    };
    const error = await new ConnectorClient({ baseUrl: service.baseUrl, auth: unlabelled }).desk.capabilities().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongWorkspaceError);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: "wrong_workspace" });
    expect((error as ConnectorError).headers?.get("www-authenticate")).toContain(
      'error_description="This access token is for the resolve workspace, not desk; refreshing it cannot help.',
    );
    expect(refreshes).toBe(0);
    // An unknown token, by contrast, is worth the one refresh.
    const stale = { accessToken: async () => "at_expired-or-unknown", refreshAfterUnauthorized: async () => void refreshes++ };
    await new ConnectorClient({ baseUrl: service.baseUrl, auth: stale }).desk.capabilities().catch(() => undefined);
    expect(refreshes).toBe(1);
  });

  it("403: a draft without the drafts scope is a PermissionDeniedError", async () => {
    const readOnly = await countingClient({ scopes: ["desk:read"] });
    const error = await readOnly.client.desk
      .createPlacementDraft({ title: "No scope", accounts: [{ reference: "R-2", name: "N", amount: 1 }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: "insufficient_scope" });
    expect(readOnly.sent).toHaveLength(1);
    expectRequestId(error);
  });

  it("404: an unavailable account is a NotFoundError", async () => {
    const before = sent.length;
    const error = await client.desk.getCaseStatus({ accountId: MISSING_ACCOUNT }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: "not_found" });
    expect(sent.length - before).toBe(1);
    expectRequestId(error);
    // The service adopted the id the client sent, so both sides' logs name the call alike.
    expect((error as ConnectorError).requestId).toBe(sentIds.at(-1));
  });

  it("409: a reused key with other content is a ConflictError", async () => {
    const request = { title: "First", accounts: [{ reference: "R-3", name: "N", amount: 1 }], idempotencyKey: "sdk-errors-409-key-01" };
    await client.desk.createPlacementDraft(request);
    const before = sent.length;
    const error = await client.desk.createPlacementDraft({ ...request, title: "Second" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, code: "idempotency_conflict", idempotencyKey: "sdk-errors-409-key-01" });
    expect(sent.length - before).toBe(1);
    expectRequestId(error);
  });

  it("429: over 120 calls a minute is a RateLimitError; with retries allowed the client waits out Retry-After and succeeds", async () => {
    // Place the service's clock 58.5 s into its one-minute window so Retry-After is 2 s, not up to 60.
    // Time stands still for the 121 calls, so a slow machine cannot carry them into the next window.
    const limited = await countingClient({ maxRetries: 0 });
    service.clock.freeze();
    service.clock.advance(60_000 - (service.clock.now() % 60_000) - 1_500);
    for (let batch = 0; batch < 6; batch++) {
      await Promise.all(Array.from({ length: 20 }, () => limited.client.desk.listAccounts({ limit: 1 })));
    }
    const error = await limited.client.desk.listAccounts({ limit: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: "rate_limited" });
    expect((error as RateLimitError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((error as RateLimitError).retryAfterSeconds).toBeLessThanOrEqual(2);
    service.clock.resume();

    const before = limited.sent.length;
    const started = Date.now();
    const page = await limited.client.desk.listAccounts({ limit: 1 }, { maxRetries: 1 });
    expect(page.accounts).toHaveLength(1);
    expect(limited.sent.length - before).toBe(2);
    // It waited for the new window rather than its own backoff (20 ms here).
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expectRequestId(error);
  });

  it("reads the request id from X-Request-Id, else from the error body", () => {
    const body = { error: { code: "not_found", message: "Gone.", requestId: "body-id" } };
    expect(ConnectorError.fromResponse(404, body, new Headers({ "x-request-id": "header-id" })).requestId).toBe("header-id");
    expect(ConnectorError.fromResponse(404, body, new Headers()).requestId).toBe("body-id");
    expect(ConnectorError.fromResponse(502, undefined, new Headers())).toMatchObject({ code: "http_502", status: 502 });
  });
});

describe("connection errors, timeouts and aborts", () => {
  it("a refused connection is a ConnectionError after the retries", async () => {
    const offline = await countingClient({ baseUrl: "http://127.0.0.1:1", maxRetries: 2 });
    const error = await offline.client.desk.capabilities().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: "connection_error", status: undefined });
    expect(offline.sent).toHaveLength(3);
  });

  it("a service that never answers is a TimeoutError after timeoutMs", async () => {
    const slow = await countingClient({ baseUrl: proxy.url, maxRetries: 0 });
    await proxy.hangNext();
    const error = await slow.client.desk.capabilities({ timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: "timeout" });
    // The id the client sent with the attempt, which the service logs.
    expect((error as TimeoutError).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a timed-out attempt is retried; the next attempt answers", async () => {
    const slow = await countingClient({ baseUrl: proxy.url, maxRetries: 1 });
    await proxy.hangNext();
    // The deadline is per attempt, so it must also cover the answering attempt
    // on a loaded machine: 300 ms did not (a CI run on two busy cores).
    const capabilities = await slow.client.desk.capabilities({ timeoutMs: 1_500 });
    expect(capabilities.workspace).toBe("desk");
    expect(slow.sent).toHaveLength(2);
  });

  it("aborting a call in flight rejects at once with AbortedError carrying the reason", async () => {
    const slow = await countingClient({ baseUrl: proxy.url });
    await proxy.hangNext();
    const controller = new AbortController();
    const call = slow.client.desk.capabilities({ signal: controller.signal, timeoutMs: 20_000 }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(new Error("the person closed the tab")), 100);
    const error = await call;
    expect(error).toBeInstanceOf(AbortedError);
    expect(((error as AbortedError).cause as Error).message).toBe("the person closed the tab");
    expect(slow.sent).toHaveLength(1);
  });

  it("an already aborted signal sends nothing; an abort during the wait before a retry stops the retries", async () => {
    const before = sent.length;
    const aborted = await client.desk.capabilities({ signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect(aborted).toBeInstanceOf(AbortedError);
    expect(sent.length).toBe(before);

    const offline = new ConnectorClient({ baseUrl: "http://127.0.0.1:1", auth: "t", backoff: { baseDelayMs: 60_000 } });
    const stopped = new AbortController();
    setTimeout(() => stopped.abort(), 200);
    const waiting = await offline.desk.capabilities({ signal: stopped.signal }).catch((e: unknown) => e);
    expect(waiting).toBeInstanceOf(AbortedError);
  });

  it("AbortSignal.timeout() is a TimeoutError (code timeout), in flight and during the wait before a retry", async () => {
    const slow = await countingClient({ baseUrl: proxy.url });
    await proxy.hangNext();
    const inFlight = await slow.client.desk.capabilities({ signal: AbortSignal.timeout(200), timeoutMs: 20_000 }).catch((e: unknown) => e);
    expect(inFlight).toBeInstanceOf(TimeoutError);
    expect(isConnectorError(inFlight, "timeout")).toBe(true);

    const offline = new ConnectorClient({ baseUrl: "http://127.0.0.1:1", auth: "t", backoff: { baseDelayMs: 60_000 } });
    const waiting = await offline.desk.capabilities({ signal: AbortSignal.timeout(200) }).catch((e: unknown) => e);
    expect(waiting).toMatchObject({ code: "timeout" });
  });
});

describe("a gateway's 502 and 504", () => {
  it("are retried (every tool only reads or carries an idempotency key), and onRetry sees each wait", async () => {
    // A gateway on loopback that answers 502, then 504, then passes the request on to the service.
    let refused = 0;
    const gateway = createServer(async (request, response) => {
      if (refused < 2) {
        response.writeHead(refused++ === 0 ? 502 : 504, { "content-type": "text/html" }).end("<h1>Bad gateway</h1>");
        return;
      }
      const body = await new Promise<string>((resolve) => {
        let text = "";
        request.on("data", (chunk: Buffer) => {
          text += chunk.toString();
        });
        request.on("end", () => resolve(text));
      });
      const answer = await fetch(`${service.baseUrl}${request.url}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: request.headers.authorization ?? "" },
        body,
      });
      response.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
    });
    await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
    try {
      const auth = await connectAuth(service, newAuth(service, "desk"));
      const retries: Array<{ attempt: number; code: string }> = [];
      const behind = new ConnectorClient({
        baseUrl: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
        auth,
        backoff: { baseDelayMs: 20 },
        onRetry: ({ attempt, delayMs, error }) => {
          expect(delayMs).toBeGreaterThan(0);
          retries.push({ attempt, code: error.code });
        },
      });
      const saved = await behind.desk.createPlacementDraft({ title: "Through a gateway", accounts: [{ reference: "GW-1", name: "N", amount: 5 }] });
      expect(saved.draft.reviewStatus).toBe("awaiting_review");
      expect(retries).toEqual([
        { attempt: 1, code: "http_502" },
        { attempt: 2, code: "http_504" },
      ]);
    } finally {
      await new Promise((resolve) => gateway.close(resolve));
    }
  });
});

describe("OAuth failures that say what to check", () => {
  it("a baseUrl on localhost for a service that calls itself 127.0.0.1 names both addresses and BASE_URL", async () => {
    const onLocalhost = newAuth(service, "desk", { baseUrl: service.baseUrl.replace("127.0.0.1", "localhost") });
    const error = await onLocalhost.authorizationUrl().catch((e: unknown) => e);
    expect(isConnectorError(error, "authorization_failed")).toBe(true);
    expect((error as Error).message).toContain(`${service.baseUrl}/mcp/desk`);
    expect((error as Error).message).toMatch(/BASE_URL/);
  });
});
