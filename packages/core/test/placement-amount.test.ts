import { describe, expect, it } from "vitest";
import { ServiceError } from "../src/index.js";
import { parsePlacementAmount, placementRowSchema } from "../src/entries/placements.js";

/** Calls the parser expecting `invalid_amount`, and returns the error for further checks. */
function invalid(value: unknown, field?: string): ServiceError {
  try {
    parsePlacementAmount(value, field);
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }
  throw new Error("expected parsePlacementAmount to throw");
}

describe("rule 1: omitted, null or blank is null, not 0", () => {
  it.each([
    ["undefined", undefined],
    ["null", null],
    ["empty string", ""],
    ["spaces", "   "],
    ["tabs and newlines", "\t\n "],
  ])("%s → null", (_label, value) => {
    expect(parsePlacementAmount(value)).toBeNull();
  });

  it("a missing property of a parsed JSON row is null", () => {
    const row = JSON.parse('{"reference":"R1"}') as { amount?: unknown };
    expect(parsePlacementAmount(row.amount)).toBeNull();
  });
});

describe("rule 2: a real 0 stays 0", () => {
  it.each([0, -0, "0", "0.00", "$0", "$0.00", " 0 ", "000"])("%j → 0", (value) => {
    const result = parsePlacementAmount(value);
    expect(result).not.toBeNull();
    expect(Object.is(result, 0)).toBe(true);
  });
});

describe("rule 3: a leading $ and thousands commas are accepted", () => {
  it.each([
    ["$1,234.56", 1234.56],
    ["1,234.56", 1234.56],
    ["$1234.56", 1234.56],
    ["1234.56", 1234.56],
    ["1,234,567", 1234567],
    ["$12,345,678.9", 12345678.9],
    ["999", 999],
    ["$.50", 0.5],
    ["0.5", 0.5],
    ["  $1,000  ", 1000],
  ])("%j → %d", (value, expected) => {
    expect(parsePlacementAmount(value)).toBe(expected);
  });

  it("numbers pass through when finite and not negative", () => {
    expect(parsePlacementAmount(1234.56)).toBe(1234.56);
    expect(parsePlacementAmount(1)).toBe(1);
    expect(parsePlacementAmount(100_000_000_000)).toBe(100_000_000_000);
  });

  it.each(["1,23", "12,34.5", "1234,567", ",123", "1,", "1,,234", "1,2345", "$,123"])(
    "commas outside thousands positions are invalid: %j",
    (value) => {
      expect(invalid(value).code).toBe("invalid_amount");
    },
  );
});

describe("rule 4: anything non-numeric is invalid_amount", () => {
  it.each([
    ["letters", "abc"],
    ["trailing letters", "12abc"],
    ["leading letters", "USD 12"],
    ["two decimal points", "1.2.3"],
    ["trailing point", "12."],
    ["dollar sign after", "12$"],
    ["double dollar", "$$12"],
    ["space after dollar", "$ 12"],
    ["inner space", "1 234"],
    ["exponent", "1e5"],
    ["hex", "0x1A"],
    ["string NaN", "NaN"],
    ["string Infinity", "Infinity"],
    ["plus sign", "+12"],
    ["negative string", "-12"],
    ["negative with dollar", "-$12"],
    ["accounting negative", "(12.00)"],
    ["too large to be finite", `1${"0".repeat(400)}`],
  ])("%s", (_label, value) => {
    const error = invalid(value);
    expect(error.code).toBe("invalid_amount");
    expect(error.status).toBe(400);
  });

  it.each([
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["-Infinity", Number.NEGATIVE_INFINITY],
    ["negative number", -0.01],
    ["true", true],
    ["false", false],
    ["object", { value: 12 }],
    ["array", [12]],
    ["bigint", 12n],
  ])("%s", (_label, value) => {
    expect(invalid(value).code).toBe("invalid_amount");
  });

  it("names the field, with a default of amount", () => {
    expect(invalid("x").field).toBe("amount");
    const error = invalid("x", "accounts.3.amount");
    expect(error.field).toBe("accounts.3.amount");
    expect(error.message).toContain("accounts.3.amount");
  });

  it("never echoes the value it rejected", () => {
    for (const value of ["12abc", "4111111111111111x", "secret-value", "$$987654"]) {
      const error = invalid(value);
      expect(error.message).not.toContain(value);
      expect(JSON.stringify(error.toBody())).not.toContain(value);
    }
  });

  it("serialises as a 400 body with code and field", () => {
    expect(invalid("nope", "amount").toBody()).toEqual({
      error: { code: "invalid_amount", message: expect.any(String), field: "amount" },
    });
  });
});

describe("the currency rule in people's words (issue 48 item 15)", () => {
  it("says three capital letters, like USD, never a standard's number", () => {
    const refused = placementRowSchema.safeParse({ reference: "R1", name: "Pat", currency: "usd" });
    expect(refused.success).toBe(false);
    const words = refused.error?.issues.map((issue) => issue.message).join(" ") ?? "";
    expect(words).toContain("like USD or EUR");
    expect(words).not.toContain("ISO 4217");
  });
});

