import { createHash, randomBytes as nodeRandomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inviteTokenHash, newInviteToken } from "../src/agency/invite-token.js";
import { base64url } from "../src/crypto/base64url.js";
import { newId } from "../src/ids/uuid-v7.js";
import { contentHash } from "../src/tools/canonical-json.js";

// Core left node:crypto for Web Crypto and @noble/hashes; stored digests (idempotency request
// hashes, invite token hashes) must not change, so these compare with what node:crypto gave.
const nodeSha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("runtime-neutral hashing and randomness", () => {
  it("hashes invite tokens to the known SHA-256 vectors", () => {
    expect(inviteTokenHash("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(inviteTokenHash("inv_abc é")).toBe("4bdd82fc71f1d044a448e00ffcfd5905e7f0a1086438a82edb3210ce09ff8155");
  });

  it("hashes request content to the digest node:crypto gave", () => {
    expect(contentHash({ b: [{ d: null, c: "ü" }], a: 1 })).toBe(
      "1da60fbe4f70f3f9358cc1e6674a52ae7b3864ed996c9b76b91e632f4f237c6e",
    );
    for (let round = 0; round < 50; round++) {
      const token = newInviteToken();
      expect(inviteTokenHash(token)).toBe(nodeSha256(token));
    }
  });

  it("writes base64url exactly as Buffer did, at every padding length", () => {
    for (let length = 0; length <= 40; length++) {
      const bytes = nodeRandomBytes(length);
      expect(base64url(bytes)).toBe(bytes.toString("base64url"));
    }
  });

  it("mints invite tokens of 256 random bits", () => {
    const token = newInviteToken();
    expect(token).toMatch(/^inv_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token.slice(4), "base64url")).toHaveLength(32);
    expect(newInviteToken()).not.toBe(token);
  });

  it("writes version 7 UUIDs whose first 48 bits are the milliseconds", () => {
    const now = 0x0123_4567_89ab;
    const id = newId(now);
    expect(id).toMatch(/^01234567-89ab-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const today = Date.UTC(2026, 10, 25, 18, 0, 0, 123);
    expect(Number.parseInt(newId(today).replaceAll("-", "").slice(0, 12), 16)).toBe(today);
    expect(newId(now)).not.toBe(id);
  });
});
