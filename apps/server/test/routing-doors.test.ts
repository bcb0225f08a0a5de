import { type IncomingHttpHeaders, request as httpRequest } from "node:http";
import { TEST_DIALECTS } from "@connector/store/testing";
import { eventually, type FakeVendor, startFakeVendor } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../src/logger.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { bodyTextWithoutRequestIds } from "./support/echo-check.js";
import { inOneWindow } from "./support/one-window.js";

const ROUTING_KEY = "routing_hosted_key_3b1f9c7e55aa41d2";
const LLM_KEY = "llm_hosted_key_8d2e6f0a9c4b17e3";
/** Every vendor call gets this deadline: long enough that an answer beats it on two busy cores. */
const TIMEOUT_MS = 1_500;

/** Every answer's status, headers and body as text, so a test can look for a key anywhere in them. */
interface Answer {
  status: number;
  body: any;
  raw: string;
}

function doorClient(service: () => TestService, answers: string[]) {
  async function call(method: "GET" | "POST", path: string, body?: unknown, init: RequestInit = {}): Promise<Answer> {
    const response = await fetch(`${service().baseUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      ...init,
    });
    const raw = await response.text();
    answers.push(`${response.status} ${JSON.stringify([...response.headers])} ${raw}`);
    return { status: response.status, body: raw === "" ? undefined : JSON.parse(raw), raw };
  }
  return { call };
}

describe.each(TEST_DIALECTS)("routing doors without vendor keys (%s)", (dialect) => {
  let service: TestService;
  const answers: string[] = [];
  const { call } = doorClient(() => service, answers);
  beforeAll(async () => {
    service = await startTestService(dialect);
  });
  afterAll(() => service.close());

  it("say they are not ready, and fail closed instead of routing", async () => {
    expect((await call("GET", "/api/agents/route")).body).toEqual({ hosted: false, ready: { llm: false, typesafe: false } });
    expect((await call("GET", "/api/reception")).body).toEqual({ ready: { llm: false, typesafe: { hosted: false } } });

    const routed = await call("POST", "/api/agents/route", { text: "We need help with something" });
    expect(routed.status).toBe(503);
    expect(routed.body).toEqual({ error: { code: "routing_not_configured", message: expect.any(String), requestId: expect.any(String) } });

    const unclear = await call("POST", "/api/reception", { text: "Something odd happened, what now?" });
    expect(unclear.status).toBe(503);
    expect(unclear.body.error.code).toBe("llm_not_configured");
  });

  it("reception still answers a clear case by its rules, with no service at all", async () => {
    const clear = await call("POST", "/api/reception", { text: "I got a letter from a debt collector" });
    expect(clear.status).toBe(200);
    expect(clear.body).toEqual({
      route: { door: "resolve", resolveChannel: "letter" },
      routedBy: "rules",
      reply: expect.stringContaining("Nothing is sent until you send it."),
      replyBy: "template",
    });
  });
});

describe.each(TEST_DIALECTS)("routing doors with vendors on loopback (%s)", (dialect) => {
  let service: TestService;
  let routing: FakeVendor;
  let llm: FakeVendor;
  const logLines: string[] = [];
  const answers: string[] = [];
  const { call } = doorClient(() => service, answers);

  beforeAll(async () => {
    routing = await startFakeVendor(ROUTING_KEY);
    llm = await startFakeVendor(LLM_KEY);
    service = await startTestService(dialect, {
      // The service's own logger (with its redaction), at info, writing into `logLines`.
      logger: createLogger("info", { write: (line: string) => void logLines.push(line) }),
      vendors: {
        routing: { url: routing.url, key: ROUTING_KEY, timeoutMs: TIMEOUT_MS },
        languageModel: { url: llm.url, key: LLM_KEY, timeoutMs: TIMEOUT_MS },
      },
    });
  });
  afterAll(async () => {
    await service.close();
    await routing.close();
    await llm.close();
  });

  it("readiness says hosted and ready, and nothing more", async () => {
    expect((await call("GET", "/api/agents/route")).body).toEqual({ hosted: true, ready: { llm: true, typesafe: true } });
    expect((await call("GET", "/api/reception")).body).toEqual({ ready: { llm: true, typesafe: { hosted: true } } });
  });

  it("routes through the routing service, sending the hosted key and the text", async () => {
    routing.behave({ kind: "json", body: { door: "resolve", resolveChannel: "call" } });
    const answer = await call("POST", "/api/agents/route", { text: "They phone me every day about an old bill" });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ route: { door: "resolve", resolveChannel: "call" }, routedBy: "routing_service" });
    expect(routing.requests.at(-1)).toMatchObject({
      path: "/v1/route",
      authorization: `Bearer ${ROUTING_KEY}`,
      body: { text: "They phone me every day about an old bill" },
    });

    routing.behave({ kind: "json", body: { door: "chargebacks", resolveChannel: null } });
    expect((await call("POST", "/api/agents/route", { text: "card issue" })).body.route).toEqual({
      door: "chargebacks",
      resolveChannel: null,
    });
  });

  it("fails closed on a timeout, a 5xx, and an answer that is not a route: no invented route", async () => {
    routing.behave({ kind: "hang", ms: TIMEOUT_MS * 3 });
    const slow = await call("POST", "/api/agents/route", { text: "anything" });
    expect(slow.status).toBe(504);
    expect(slow.body.error.code).toBe("routing_timeout");
    expect(slow.body).not.toHaveProperty("route");

    routing.behave({ kind: "text", status: 500, text: "internal" });
    const broken = await call("POST", "/api/agents/route", { text: "anything" });
    expect(broken.status).toBe(502);
    expect(broken.body.error.code).toBe("routing_failed");

    routing.behave({ kind: "json", body: { door: "resolve" } });
    expect((await call("POST", "/api/agents/route", { text: "anything" })).body.error.code).toBe("routing_failed");
  });

  it("refuses personal data before anything is sent to a vendor", async () => {
    const before = routing.requests.length;
    const answer = await call("POST", "/api/agents/route", { text: "my SSN is 123-45-6789, route me" });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: "forbidden_personal_data", field: "text" });
    expect(answer.raw).not.toContain("123-45-6789");
    expect(routing.requests.length).toBe(before);
  });

  it("checks the body: one error shape for bad input, 415, and the 64 KiB limit", async () => {
    expect((await call("POST", "/api/agents/route", { text: "" })).body.error).toMatchObject({ code: "invalid_input", field: "text" });
    expect((await call("POST", "/api/agents/route", { text: "x", extra: 1 })).body.error.code).toBe("invalid_input");
    const wrongType = await call("POST", "/api/reception", undefined, { body: "text=hi", headers: { "content-type": "text/plain" } });
    expect(wrongType.status).toBe(415);
    const huge = await call("POST", "/api/reception", { text: "x".repeat(70 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe("payload_too_large");
  });

  it("reception answers clear cases by rules without calling either service", async () => {
    const routed = routing.requests.length;
    const prompted = llm.requests.length;
    const answer = await call("POST", "/api/reception", { text: "How do we place accounts with your agency?" });
    expect(answer.body).toMatchObject({ route: { door: "desk", resolveChannel: null }, routedBy: "rules", replyBy: "template" });
    expect(routing.requests.length).toBe(routed);
    expect(llm.requests.length).toBe(prompted);
  });

  it("reception routes an unclear ask through the routing service, then asks the model for prose", async () => {
    routing.behave({ kind: "json", body: { door: "collect", resolveChannel: null } });
    llm.behave({ kind: "json", body: { reply: "The collect door helps your business recover what it is owed." } });
    const answer = await call("POST", "/api/reception", { text: "A client of ours stopped paying months ago" });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      route: { door: "collect", resolveChannel: null },
      routedBy: "routing_service",
      reply: "The collect door helps your business recover what it is owed.",
      replyBy: "llm",
    });
    expect(llm.requests.at(-1)).toMatchObject({
      authorization: `Bearer ${LLM_KEY}`,
      body: { input: "A client of ours stopped paying months ago", route: { door: "collect", resolveChannel: null } },
    });
  });

  it("reception fails closed when the model is slow, fails, or answers with personal data", async () => {
    routing.behave({ kind: "json", body: { door: "desk", resolveChannel: null } });
    llm.behave({ kind: "hang", ms: TIMEOUT_MS * 3 });
    expect((await call("POST", "/api/reception", { text: "Tell me more" })).body.error.code).toBe("llm_timeout");
    llm.behave({ kind: "text", status: 503, text: "overloaded" });
    const failed = await call("POST", "/api/reception", { text: "Tell me more" });
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe("llm_failed");
    llm.behave({ kind: "json", body: { reply: "Pay with card 4111 1111 1111 1111 today." } });
    const leaky = await call("POST", "/api/reception", { text: "Tell me more" });
    expect(leaky.body.error.code).toBe("llm_failed");
    expect(bodyTextWithoutRequestIds(JSON.parse(leaky.raw))).not.toContain("4111");
    routing.behave({ kind: "text", status: 500, text: "down" });
    expect((await call("POST", "/api/reception", { text: "Tell me more" })).body.error.code).toBe("routing_failed");
  });

  it("logs an invite link's path without its token", async () => {
    const token = "inv_secretTokenThatMustNotBeLogged_0123456789abcdefghij";
    await fetch(`${service.baseUrl}/invite/${token}`);
    await fetch(`${service.baseUrl}/api/v1/agency/invites/peek?token=${token}`);
    // A request's line is written when its answer has been sent, which can be just after the client has it.
    const logged = (path: string) => () => logLines.some((line) => line.includes(`"path":"${path}"`));
    expect(await eventually(logged("/invite/[redacted]"), 5000, 10)).toBe(true);
    expect(await eventually(logged("/api/v1/agency/invites/peek"), 5000, 10)).toBe(true);
    for (const line of logLines) expect(line).not.toContain(token);
  });

  it("never puts a vendor key or address in any answer or log line", async () => {
    // Every test above has run by now: successes, timeouts, 5xx and refusals, each logged.
    expect(answers.length).toBeGreaterThan(15);
    expect(logLines.length).toBeGreaterThan(15);
    // Failures of the vendors are logged (as errors, with their codes), so operators see them.
    expect(logLines.some((line) => line.includes('"code":"routing_timeout"'))).toBe(true);
    for (const text of [...answers, ...logLines]) {
      expect(text).not.toContain(ROUTING_KEY);
      expect(text).not.toContain(LLM_KEY);
      expect(text).not.toContain(routing.url.replace(/\/$/, ""));
      expect(text).not.toContain(llm.url.replace(/\/$/, ""));
    }
  });
});

describe.each(TEST_DIALECTS)("routing doors' limit per address (%s)", (dialect) => {
  let service: TestService;
  /** An ask sent from the loopback address `from` (the service sees it as the client's address). */
  const askFrom = (from: string, path: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = httpRequest(`${service.baseUrl}${path}`, { method: "POST", localAddress: from, headers: { "content-type": "application/json" } }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      });
      request.on("error", reject);
      request.end(JSON.stringify({ text: "I got a letter from a debt collector" }));
    });
  beforeAll(async () => {
    service = await startTestService(dialect);
  });
  afterAll(() => service.close());

  it("answers 30 asks a minute from one address, both doors together, then 429 with Retry-After", async () => {
    // The limit counts in minutes aligned to the clock; a run that crosses a minute's end is made again from
    // another loopback address (127.0.0.2, then .3), so nothing counted in the run thrown away carries over.
    const { statuses, refused } = await inOneWindow(60_000, async (attempt) => {
      const from = `127.0.0.${1 + attempt}`;
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await askFrom(from, i % 2 === 0 ? "/api/reception" : "/api/agents/route")).status);
      return { statuses, refused: await askFrom(from, "/api/reception") };
    });
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.headers["ratelimit-policy"]).toBe('"doors";q=30;w=60');
    expect((JSON.parse(refused.body) as { error: { code: string } }).error.code).toBe("rate_limited");
    // Readiness is not an ask: it calls no vendor and is not counted.
    expect((await fetch(`${service.baseUrl}/api/reception`)).status).toBe(200);
  });
});
