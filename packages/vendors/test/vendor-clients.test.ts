import { isServiceError } from "@connector/core";
import { RECEPTION_INSTRUCTIONS } from "@connector/core/routing";
import { type FakeVendor, startFakeVendor } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLanguageModelClient, createRoutingServiceClient } from "../src/index.js";

const KEY = "rk_live_fake_routing_key_0123456789";
const ANSWER_DEADLINE_MS = 5_000;
const TIMEOUT_MS = 300;

async function failure(promise: Promise<unknown>): Promise<{ code: string; status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return { code: error.code, status: error.status, message: error.message };
  }
  throw new Error("expected a failure");
}

describe("routing service client against a fake vendor on loopback", () => {
  let vendor: FakeVendor;
  beforeAll(async () => {
    vendor = await startFakeVendor(KEY);
  });
  afterAll(() => vendor.close());

  // Answers get a deadline a loaded machine always meets; the timeout cases
  // pass a short one against a vendor that hangs far longer.
  const client = (timeoutMs = ANSWER_DEADLINE_MS) => createRoutingServiceClient({ url: vendor.url, key: KEY, timeoutMs });

  it("posts the text with the key as a bearer token and returns the vendor's route", async () => {
    vendor.behave({ kind: "json", body: { door: "resolve", resolveChannel: "letter", confidence: 0.9 } });
    expect(await client().route("a collector sent me something")).toEqual({ door: "resolve", resolveChannel: "letter" });
    const seen = vendor.requests.at(-1)!;
    expect(seen).toMatchObject({
      method: "POST",
      path: "/v1/route",
      authorization: `Bearer ${KEY}`,
      contentType: "application/json",
      body: { text: "a collector sent me something" },
    });
  });

  it("drops a channel the vendor sends for a door other than resolve", async () => {
    vendor.behave({ kind: "json", body: { door: "desk", resolveChannel: "call" } });
    expect(await client().route("place accounts")).toEqual({ door: "desk", resolveChannel: null });
  });

  it("fails closed on a timeout, a 5xx, a refused key, and an answer that is not a route", async () => {
    vendor.behave({ kind: "hang", ms: 2000 });
    expect(await failure(client(TIMEOUT_MS).route("x"))).toMatchObject({ code: "routing_timeout", status: 504 });

    vendor.behave({ kind: "text", status: 502, text: "upstream exploded" });
    expect(await failure(client().route("x"))).toMatchObject({ code: "routing_failed", status: 502 });

    const wrongKey = createRoutingServiceClient({ url: vendor.url, key: "wrong", timeoutMs: ANSWER_DEADLINE_MS });
    vendor.behave({ kind: "json", body: { door: "desk" } });
    expect(await failure(wrongKey.route("x"))).toMatchObject({ code: "routing_failed" });

    for (const body of [{ door: "somewhere" }, { door: "resolve" }, "desk", null]) {
      vendor.behave({ kind: "json", body });
      expect(await failure(client().route("x"))).toMatchObject({ code: "routing_failed" });
    }
    vendor.behave({ kind: "text", status: 200, text: "not json" });
    expect(await failure(client().route("x"))).toMatchObject({ code: "routing_failed" });
  });

  it("fails closed when nothing listens at the address", async () => {
    const closed = await startFakeVendor(KEY);
    await closed.close();
    const gone = createRoutingServiceClient({ url: closed.url, key: KEY, timeoutMs: ANSWER_DEADLINE_MS });
    expect(await failure(gone.route("x"))).toMatchObject({ code: "routing_failed" });
  });

  it("without a key or address is not configured and sends nothing", async () => {
    const before = vendor.requests.length;
    for (const config of [
      { url: vendor.url, key: undefined },
      { url: vendor.url, key: "" },
      { url: undefined, key: KEY },
    ]) {
      const unconfigured = createRoutingServiceClient({ ...config, timeoutMs: 300 });
      expect(unconfigured.configured).toBe(false);
      expect(await failure(unconfigured.route("x"))).toMatchObject({ code: "routing_not_configured", status: 503 });
    }
    expect(vendor.requests.length).toBe(before);
  });

  it("never puts the key in an error message", async () => {
    vendor.behave({ kind: "text", status: 500, text: `echo ${KEY}` });
    const error = await failure(client().route("x"));
    expect(error.message).not.toContain(KEY);
    expect(error.message).not.toContain(vendor.url);
  });
});

describe("language-model client against a fake vendor on loopback", () => {
  const LLM_KEY = "lk_live_fake_model_key_9876543210";
  let vendor: FakeVendor;
  beforeAll(async () => {
    vendor = await startFakeVendor(LLM_KEY);
  });
  afterAll(() => vendor.close());
  const client = (timeoutMs = ANSWER_DEADLINE_MS) => createLanguageModelClient({ url: vendor.url, key: LLM_KEY, timeoutMs });
  const request = { instructions: RECEPTION_INSTRUCTIONS, text: "help", route: { door: "desk" as const, resolveChannel: null } };

  it("sends instructions, input and route, and returns the reply", async () => {
    vendor.behave({ kind: "json", body: { reply: "Go to the Desk." } });
    expect(await client().reply(request)).toBe("Go to the Desk.");
    expect(vendor.requests.at(-1)).toMatchObject({
      path: "/v1/reply",
      authorization: `Bearer ${LLM_KEY}`,
      body: { instructions: RECEPTION_INSTRUCTIONS, input: "help", route: request.route, maxCharacters: 1200 },
    });
  });

  it("fails closed with llm codes on timeout, 5xx, a wrong shape, and without a key", async () => {
    vendor.behave({ kind: "hang", ms: 2000 });
    expect(await failure(client(TIMEOUT_MS).reply(request))).toMatchObject({ code: "llm_timeout", status: 504 });
    vendor.behave({ kind: "text", status: 500, text: "boom" });
    expect(await failure(client().reply(request))).toMatchObject({ code: "llm_failed", status: 502 });
    vendor.behave({ kind: "json", body: { text: "wrong field" } });
    expect(await failure(client().reply(request))).toMatchObject({ code: "llm_failed" });
    const unconfigured = createLanguageModelClient({ url: vendor.url, key: undefined, timeoutMs: 300 });
    expect(await failure(unconfigured.reply(request))).toMatchObject({ code: "llm_not_configured", status: 503 });
  });
});
