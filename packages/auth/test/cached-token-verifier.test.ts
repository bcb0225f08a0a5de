import { cachedTokenVerifier, createLocalRevocationFeed, type TokenVerifier, type VerifiedAccessToken } from "@connector/auth";
import { sha256Hex } from "../src/crypto/secrets.js";
import { describe, expect, it } from "vitest";

/**
 * The cache's own rules, over a verifier whose answers the test controls (the end-to-end cases over
 * real HTTP are in apps/server/test/revocation.test.ts). The clock never moves: only revocations end entries.
 */
function liveToken(token: string, grantId: string): VerifiedAccessToken {
  return {
    token,
    principal: { grantId, clientId: "client", userId: "user", workspace: "desk", scopes: ["desk:read"], deskId: "desk" },
    clientId: "client",
    scopes: ["desk:read"],
    resource: "http://127.0.0.1/mcp/desk",
    expiresAt: 2_000_000_000,
    dpopJkt: null,
  };
}

/** A token table the test edits, counting lookups, with a gate to hold a lookup in flight. */
function tokenTable() {
  const live = new Map<string, string>();
  let lookups = 0;
  let gate: Promise<void> | undefined;
  const verifier: TokenVerifier = {
    async verify(token) {
      lookups++;
      const grantId = live.get(token);
      await gate;
      return grantId === undefined ? undefined : liveToken(token, grantId);
    },
  };
  return {
    verifier,
    live,
    lookups: () => lookups,
    hold(): () => void {
      let release!: () => void;
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        gate = undefined;
        release();
      };
    },
  };
}

const frozen = () => 1_000_000;

describe("the verified-token cache", () => {
  it("reuses a verification until a revocation of that token is announced", async () => {
    const table = tokenTable();
    const revocations = createLocalRevocationFeed();
    const cache = cachedTokenVerifier(table.verifier, { ttlMs: 1000, revocations, now: frozen });
    table.live.set("at_a", "grant-1");
    expect(await cache.verify("at_a")).toBeDefined();
    expect(await cache.verify("at_a")).toBeDefined();
    expect(table.lookups()).toBe(1);

    table.live.delete("at_a");
    expect(await cache.verify("at_a")).toBeDefined(); // nothing announced: still reused
    await revocations.publish({ kind: "token", tokenHash: sha256Hex("at_a") });
    expect(await cache.verify("at_a")).toBeUndefined();
  });

  it("forgets every token of a revoked grant and keeps other grants' tokens", async () => {
    const table = tokenTable();
    const revocations = createLocalRevocationFeed();
    const cache = cachedTokenVerifier(table.verifier, { ttlMs: 1000, revocations, now: frozen });
    for (const [token, grant] of [["at_1", "grant-1"], ["at_2", "grant-1"], ["at_3", "grant-2"]]) {
      table.live.set(token!, grant!);
      await cache.verify(token!);
    }
    table.live.clear();
    await revocations.publish({ kind: "grant", grantId: "grant-1" });
    expect(await cache.verify("at_1")).toBeUndefined();
    expect(await cache.verify("at_2")).toBeUndefined();
    expect(await cache.verify("at_3")).toBeDefined();
  });

  it("does not remember a verification that was in flight when a revocation was announced", async () => {
    const table = tokenTable();
    const revocations = createLocalRevocationFeed();
    const cache = cachedTokenVerifier(table.verifier, { ttlMs: 1000, revocations, now: frozen });
    table.live.set("at_a", "grant-1");
    const release = table.hold();
    const inFlight = cache.verify("at_a"); // has read the row from before the revocation
    table.live.delete("at_a");
    await revocations.publish({ kind: "grant", grantId: "grant-1" });
    release();
    expect(await inFlight).toBeDefined();
    expect(await cache.verify("at_a")).toBeUndefined();
    expect(table.lookups()).toBe(2);
  });
});
