import { describe, expect, it } from "vitest";
import { z } from "zod";
import { idSequence, newId } from "../src/entries/domain.js";
import {
  accountIdInputSchema,
  getDraftStatusInputSchema,
  IDENTIFIER_PATTERN,
  identifierSchema,
  listAccountsInputSchema,
} from "../src/entries/schemas.js";

/** A UUID with the given version and variant characters, everything else fixed. */
const uuid = (version: string, variant: string) => `3f2504e0-4f89-${version}1d3-${variant}a0c-0305e82c3301`;
const ok = (value: unknown) => identifierSchema.safeParse(value).success;

describe("identifier format (spec §2.8)", () => {
  it.each(["1", "2", "3", "4", "5", "6", "7", "8"])("accepts version %s", (version) => {
    expect(ok(uuid(version, "8"))).toBe(true);
  });

  it.each(["0", "9", "a", "f"])("rejects version %s", (version) => {
    expect(ok(uuid(version, "8"))).toBe(false);
  });

  it.each(["8", "9", "a", "b", "A", "B"])("accepts variant %s", (variant) => {
    expect(ok(uuid("4", variant))).toBe(true);
  });

  it.each(["c", "C", "7", "0", "f", "e"])("rejects variant %s", (variant) => {
    expect(ok(uuid("4", variant))).toBe(false);
  });

  it("accepts hex digits in lower and upper case", () => {
    expect(ok("3F2504E0-4F89-41D3-9A0C-0305E82C3301")).toBe(true);
    expect(ok("3f2504e0-4f89-41d3-9a0c-0305e82c3301")).toBe(true);
  });

  it("accepts the nil UUID and the all-f UUID in both cases", () => {
    expect(ok("00000000-0000-0000-0000-000000000000")).toBe(true);
    expect(ok("ffffffff-ffff-ffff-ffff-ffffffffffff")).toBe(true);
    expect(ok("FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")).toBe(true);
  });

  it("rejects near-misses of the special UUIDs (version 0 / f without being all-zero / all-f)", () => {
    expect(ok("00000000-0000-0000-0000-000000000001")).toBe(false);
    expect(ok("ffffffff-ffff-ffff-ffff-fffffffffffe")).toBe(false);
  });

  it.each([
    ["too short", "3f2504e0-4f89-41d3-9a0c-0305e82c330"],
    ["too long", "3f2504e0-4f89-41d3-9a0c-0305e82c33011"],
    ["no hyphens", "3f2504e04f8941d39a0c0305e82c3301"],
    ["braces", "{3f2504e0-4f89-41d3-9a0c-0305e82c3301}"],
    ["urn prefix", "urn:uuid:3f2504e0-4f89-41d3-9a0c-0305e82c3301"],
    ["non-hex letter", "3g2504e0-4f89-41d3-9a0c-0305e82c3301"],
    ["misplaced hyphen", "3f2504e04-f89-41d3-9a0c-0305e82c3301"],
    ["surrounding space", " 3f2504e0-4f89-41d3-9a0c-0305e82c3301"],
    ["trailing newline", "3f2504e0-4f89-41d3-9a0c-0305e82c3301\n"],
    ["empty", ""],
  ])("rejects %s", (_label, value) => {
    expect(ok(value)).toBe(false);
  });

  it("rejects non-strings", () => {
    expect(ok(123)).toBe(false);
    expect(ok(null)).toBe(false);
    expect(ok(undefined)).toBe(false);
  });

  it("every id the service mints matches the pattern, and none repeats across many draws of random bytes", () => {
    for (let i = 0; i < 50; i++) expect(newId()).toMatch(IDENTIFIER_PATTERN);
    // 2,000 ids in one millisecond: eight times the bytes one draw holds; their random parts all differ.
    const ids = Array.from({ length: 2_000 }, () => newId(1_764_000_000_000));
    expect(new Set(ids.map((id) => id.slice(14))).size).toBe(2_000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("normalizes to lower case in the schema, for every identifier argument", () => {
    const upper = "3F2504E0-4F89-41D3-9A0C-0305E82C3301";
    const lower = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
    expect(identifierSchema.parse(upper)).toBe(lower);
    expect(accountIdInputSchema.parse({ accountId: upper })).toEqual({ accountId: lower });
    expect(getDraftStatusInputSchema.parse({ draftId: upper })).toEqual({ draftId: lower });
    expect(listAccountsInputSchema.parse({ limit: 1, cursor: upper })).toMatchObject({ cursor: lower });
    // The published schema still says what callers may send.
    expect(z.toJSONSchema(identifierSchema)).toMatchObject({ type: "string", format: "uuid" });
  });

  it("draftId, accountId and cursor all use the identifier format", () => {
    expect(getDraftStatusInputSchema.safeParse({ draftId: uuid("4", "c") }).success).toBe(false);
    expect(accountIdInputSchema.safeParse({ accountId: uuid("9", "8") }).success).toBe(false);
    expect(listAccountsInputSchema.safeParse({ cursor: uuid("4", "7") }).success).toBe(false);
    expect(getDraftStatusInputSchema.safeParse({ draftId: uuid("7", "B") }).success).toBe(true);
  });
});

describe("identifier JSON Schema", () => {
  it('has type string, format "uuid" and the §2.8 pattern', () => {
    const schema = z.toJSONSchema(identifierSchema) as Record<string, unknown>;
    expect(schema.type).toBe("string");
    expect(schema.format).toBe("uuid");
    expect(schema.pattern).toBe(IDENTIFIER_PATTERN.source);
  });

  it("carries the format in the tool argument schemas", () => {
    const draft = z.toJSONSchema(getDraftStatusInputSchema) as { properties: Record<string, Record<string, unknown>> };
    expect(draft.properties.draftId!.format).toBe("uuid");
    const account = z.toJSONSchema(accountIdInputSchema) as { properties: Record<string, Record<string, unknown>> };
    expect(account.properties.accountId!.format).toBe("uuid");
  });
});

describe("ids for many rows made at once (a file's accounts)", () => {
  it("are version 7 UUIDs, each greater than the one before, past 4,096 in one millisecond", () => {
    const next = idSequence(Date.UTC(2026, 10, 28));
    const ids = Array.from({ length: 10_000 }, next);
    expect(ids.every((id) => ok(id) && id[14] === "7")).toBe(true);
    expect(ids.every((id, index) => index === 0 || id > ids[index - 1]!)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
