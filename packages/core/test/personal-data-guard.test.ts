import { describe, expect, it } from "vitest";
import { ServiceError } from "../src/index.js";
import { newId } from "../src/entries/domain.js";
import {
  assertNoForbiddenPersonalData,
  containsCardNumber,
  containsRoutingNumber,
  containsSsn,
  findSensitiveNumber,
  isCardNumber,
  isLuhnValid,
  isValidRoutingNumber,
  isValidSsn,
} from "../src/entries/guard.js";

/** Runs the guard expecting a rejection, and returns the error. */
function rejected(args: unknown): ServiceError {
  try {
    assertNoForbiddenPersonalData(args);
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }
  throw new Error("expected assertNoForbiddenPersonalData to throw");
}

describe("SSN detector (SSA rules)", () => {
  it.each(["123-45-6789", "123 45 6789", "123.45.6789", "SSN 123456789", "001-01-0001", "665-99-9999", "667-12-3456", "899-99-9999"])(
    "detects %s",
    (ssn) => {
      expect(containsSsn(ssn)).toBe(true);
      expect(findSensitiveNumber(ssn)).toBe("ssn");
    },
  );

  it.each([
    ["area 000", "000-12-3456"],
    ["area 666", "666-12-3456"],
    ["area 900", "900-12-3456"],
    ["area 999", "999-12-3456"],
    ["area 9xx without separators", "912345678"],
    ["group 00", "123-00-4567"],
    ["serial 0000", "123-45-0000"],
    ["group 00, space form", "123 00 4567"],
    ["serial 0000, dot form", "123.45.0000"],
  ])("%s is not an SSN and passes", (_label, value) => {
    expect(containsSsn(value)).toBe(false);
    expect(findSensitiveNumber(value)).toBeUndefined();
    expect(() => assertNoForbiddenPersonalData({ name: value })).not.toThrow();
  });

  it("validates the 9 digits by the SSA rules", () => {
    expect(isValidSsn("123456789")).toBe(true);
    expect(isValidSsn("000456789")).toBe(false);
    expect(isValidSsn("666456789")).toBe(false);
    expect(isValidSsn("950456789")).toBe(false);
    expect(isValidSsn("123006789")).toBe(false);
    expect(isValidSsn("123450000")).toBe(false);
    expect(isValidSsn("12345678")).toBe(false);
  });

  it("finds an SSN inside prose", () => {
    expect(containsSsn("my ssn is 123-45-6789, thanks")).toBe(true);
    expect(containsSsn("SSN: 123 45 6789.")).toBe(true);
    expect(containsSsn("(123.45.6789)")).toBe(true);
    expect(containsSsn("batch 2026 123 45 6789")).toBe(true);
  });

  it("only counts 9 digits that stand alone", () => {
    expect(containsSsn("1234567890")).toBe(false); // 10 digits
    expect(containsSsn("0123456789")).toBe(false);
    expect(containsSsn("123-45-67890")).toBe(false);
    expect(containsSsn("1123-45-6789")).toBe(false);
    expect(containsSsn("123-45-6789-01")).toBe(false);
    expect(containsSsn("123456789.50")).toBe(false);
    expect(containsSsn("abc123456789")).toBe(false);
    expect(containsSsn("123456789abc")).toBe(false);
    expect(containsSsn("ref_123456789")).toBe(false);
    expect(containsSsn("HRP-123456789")).toBe(false);
  });

  it.each([
    ["underscores", "123_45_6789"],
    ["glued after letters", "ssn123-45-6789"],
    ["glued before letters", "123-45-6789abc"],
    ["hyphen-joined to a word", "ssn-123-45-6789"],
    ["underscore-joined to a word", "ssn_123.45.6789"],
    ["space form glued to letters", "ssn123 45 6789x"],
    ["bare 9 digits glued to the label ssn", "ssn123456789"],
    ["bare 9 digits joined to the label SSN", "SSN-123456789"],
    ["bare 9 digits joined to the label Ssn by an underscore", "mySsn_123456789"],
  ])("detects an SSN with %s", (_label, value) => {
    expect(containsSsn(value)).toBe(true);
    expect(findSensitiveNumber(value)).toBe("ssn");
  });

  it("requires the same separator in both places", () => {
    expect(containsSsn("123_45-6789")).toBe(false);
    expect(containsSsn("123-45.6789")).toBe(false);
    expect(containsSsn("123 45-6789")).toBe(false);
    expect(containsSsn("123--45--6789")).toBe(false);
  });
});

describe("card number detector (13–19 digits, Luhn)", () => {
  it.each([
    ["Visa 16, spaces", "4111 1111 1111 1111"],
    ["Visa 16, plain", "4111111111111111"],
    ["Mastercard, dashes", "5500-0000-0000-0004"],
    ["Amex 15, 4-6-5", "3782 822463 10005"],
    ["Discover", "6011000990139424"],
    ["Diners 14", "36227206271667"],
    ["13 digits", "4222222222222"],
    ["19 digits", "4000000000000000006"],
    ["19 digits, 4-4-4-4-3", "6222 0200 0000 0000 000"],
    ["inside prose", "card: 4111-1111-1111-1111 exp 12/29"],
    ["after a short number", "order 12 4111 1111 1111 1111"],
    ["dot-separated", "4111.1111.1111.1111"],
    ["underscore-separated", "4111_1111_1111_1111"],
    ["glued after letters", "card4111111111111111"],
    ["glued before letters", "4111111111111111exp1229"],
    ["hyphen-joined to a word", "card-5500-0000-0000-0004"],
    ["spaced, glued to letters", "card4111 1111 1111 1111x"],
    ["written as an amount with cents", "4111111111111111.00"],
  ])("detects %s", (_label, value) => {
    expect(containsCardNumber(value)).toBe(true);
    expect(findSensitiveNumber(value)).toBe("card");
  });

  it.each([
    ["Luhn-invalid 16", "4111 1111 1111 1112"],
    ["Luhn-invalid plain", "4111111111111113"],
    ["Luhn-invalid 13", "4222222222223"],
    ["Luhn-invalid 19", "4000000000000000007"],
    ["12 digits", "411111111116"],
    ["20 digits", "41111111111111110000"],
    ["20 digits glued to letters", "card41111111111111110000x"],
    ["a decimal point (epoch seconds with a fraction)", "1732212345.679"],
  ])("passes %s", (_label, value) => {
    expect(containsCardNumber(value)).toBe(false);
    expect(() => assertNoForbiddenPersonalData({ reference: value })).not.toThrow();
  });

  it("checks Luhn", () => {
    expect(isLuhnValid("79927398713")).toBe(true);
    expect(isLuhnValid("79927398710")).toBe(false);
    expect(isLuhnValid("4111111111111111")).toBe(true);
    expect(isLuhnValid("4111x11111111111")).toBe(false);
  });

  it("catches a card sent as a JSON number", () => {
    expect(rejected({ amount: 4111111111111111 }).message).toContain("payment card number");
  });
});

describe("routing number detector (ABA checksum)", () => {
  it.each(["011000015", "021000021", "026009593", "111000025"])("detects %s next to a routing word", (value) => {
    expect(isValidRoutingNumber(value)).toBe(true);
    for (const text of [`routing ${value}`, `ABA: ${value}`, `RTN ${value}`, `bank routing number is ${value}`, `${value} (routing)`]) {
      expect(containsRoutingNumber(text)).toBe(true);
      expect(findSensitiveNumber(text)).toBe("routing");
    }
  });

  it.each(["011000015", "021000021", "026009593", "111000025"])(
    "lets a checksum-valid %s pass on its own: one random 9-digit number in ten passes the checksum",
    (value) => {
      expect(containsRoutingNumber(value)).toBe(false);
      expect(findSensitiveNumber(`Invoice ${value}`)).toBeUndefined();
    },
  );

  it.each(["routing021000021", "routing-021000021", "aba_021000021", "myRouting021000021"])(
    "detects a routing number glued to a routing word: %s",
    (value) => {
      expect(containsRoutingNumber(value)).toBe(true);
      expect(findSensitiveNumber(value)).toBe("routing");
    },
  );

  it.each(["x021000021", "021000021abc", "r021000021x", "ref_021000021"])(
    "lets a checksum-valid number inside an identifier pass: %s",
    (value) => {
      expect(containsRoutingNumber(value)).toBe(false);
      expect(findSensitiveNumber(value)).toBeUndefined();
    },
  );

  it.each(["011000016", "021000022", "026009594"])("passes checksum-invalid %s", (value) => {
    expect(isValidRoutingNumber(value)).toBe(false);
    expect(containsRoutingNumber(value)).toBe(false);
    // Group 00 makes these SSN-invalid too, so nothing flags them.
    expect(() => assertNoForbiddenPersonalData({ reference: value })).not.toThrow();
  });

  it("only counts 9 digits that stand alone, without separators", () => {
    expect(containsRoutingNumber("0210000210")).toBe(false);
    expect(containsRoutingNumber("1021000021")).toBe(false);
    expect(containsRoutingNumber("021-000-021")).toBe(false);
    expect(containsRoutingNumber("021_000_021")).toBe(false);
    expect(containsRoutingNumber("x0210000210")).toBe(false);
    expect(containsRoutingNumber("021000021.00")).toBe(false);
    expect(isValidRoutingNumber("000000000")).toBe(false);
  });

  it("reads a 9-digit number that is both SSN-valid and ABA-valid by the words around it", () => {
    expect(isValidSsn("123456780")).toBe(true);
    expect(isValidRoutingNumber("123456780")).toBe(true);
    expect(findSensitiveNumber("123456780")).toBeUndefined();
    for (let i = 0; i < 3; i++) expect(findSensitiveNumber("routing 123456780")).toBe("routing");
    expect(rejected({ name: "routing 123456780" }).message).toContain("bank routing number");
    expect(rejected({ name: "SSN 123456780" }).message).toContain("an SSN");
    // Written with SSN separators it is only an SSN: routing numbers are never written that way.
    expect(findSensitiveNumber("123-45-6780")).toBe("ssn");
  });
});

describe("assertNoForbiddenPersonalData", () => {
  it("reports the dotted path of the first offending argument", () => {
    const args = {
      title: "November batch",
      accounts: [
        { reference: "R1", name: "Pat Doe", amount: 10 },
        { reference: "R2", name: "Sam 123-45-6789", amount: 20 },
      ],
    };
    const error = rejected(args);
    expect(error.code).toBe("forbidden_personal_data");
    expect(error.status).toBe(400);
    expect(error.field).toBe("accounts.1.name");
    expect(error.message).toBe(
      "accounts.1.name looks like an SSN; remove it. Do not send government IDs, account numbers or payment credentials.",
    );
    expect(error.toBody().error.field).toBe("accounts.1.name");
  });

  it("stops at the first hit in document order", () => {
    const error = rejected({ a: { b: ["fine", "4111111111111111"] }, c: "routing 021000021" });
    expect(error.field).toBe("a.b.1");
    expect(error.message).toContain("payment card number");
    expect(rejected({ c: "routing 021000021", a: "4111111111111111" }).field).toBe("c");
  });

  it("walks deeply nested arrays and objects", () => {
    expect(rejected({ x: [[{ y: [{ z: "ABA 021000021" }] }]] }).field).toBe("x.0.0.y.0.z");
    expect(rejected(["ok", ["123 45 6789"]]).field).toBe("1.0");
  });

  it("checks a bare value and omits the field", () => {
    const error = rejected("4111 1111 1111 1111");
    expect(error.field).toBeUndefined();
    expect(error.message).toMatch(/^The arguments look like a payment card number;/);
  });

  it("checks property names without echoing them", () => {
    const error = rejected({ accounts: [{ "123-45-6789": "x" }] });
    expect(error.field).toBe("accounts.0");
    expect(error.message).not.toContain("123-45-6789");
  });

  it("never puts the value into the message or body", () => {
    const values = ["123-45-6789", "4111 1111 1111 1111", "routing 021000021", "my ssn 123456789 ok"];
    for (const value of values) {
      const error = rejected({ note: value });
      expect(error.message).not.toContain(value);
      const body = JSON.stringify(error.toBody());
      for (const digits of ["6789", "1111", "021000021", "123456789"]) {
        if (value.includes(digits)) expect(body).not.toContain(digits);
      }
    }
  });

  it.each([
    ["4111.1111.1111.1111", "payment card number"],
    ["card4111111111111111", "payment card number"],
    ["ssn123-45-6789", "SSN"],
    ["routing021000021", "bank routing number"],
    ["123_45_6789", "SSN"],
  ])("refuses %s (found in review) naming the field, never the value", (value, label) => {
    const error = rejected({ accounts: [{ reference: "R1", name: value }] });
    expect(error.code).toBe("forbidden_personal_data");
    expect(error.field).toBe("accounts.0.name");
    expect(error.message).toContain(label);
    const body = JSON.stringify(error.toBody());
    expect(body).not.toContain(value);
    for (const digits of value.match(/\d{4,}/g) ?? []) expect(body).not.toContain(digits);
  });

  it("ignores booleans, null and undefined, and survives cycles", () => {
    const args: Record<string, unknown> = { a: true, b: null, c: undefined, d: "ok" };
    args.self = args;
    expect(() => assertNoForbiddenPersonalData(args)).not.toThrow();
    args.e = "routing: 021000021";
    expect(rejected(args).field).toBe("e");
  });

  it("handles very deep nesting without overflowing the stack", () => {
    let deep: unknown = "4111111111111111";
    for (let i = 0; i < 50_000; i++) deep = [deep];
    const error = rejected(deep);
    expect(error.field?.split(".")).toHaveLength(50_000);
  });
});

describe("false positives the guard must let through", () => {
  const ordinary: Array<[string, unknown]> = [
    ["an amount", 1234.56],
    ["an amount string", "1234.56"],
    ["a large amount", 100_000_000],
    ["an amount with cents", "123456789.00"],
    ["a dollar amount", "$1,234,567.89"],
    ["comma amount, 9 digits", "123,456,789"],
    ["a date", "2026-11-22"],
    ["a timestamp", "2026-11-22T10:15:30.123456789Z"],
    ["a date range", "2026-11-01 2026-12-04"],
    ["compact dates", "20261101 20261204"],
    ["a short reference", "HRP-000123"],
    ["a hyphenated reference", "HRP-123456789"],
    ["an idempotency key", "draft_key-0000000001"],
    ["a timestamped idempotency key", "draft-1732212345678"],
    ["a key with a date and a serial", "placement-2026-11-22-00004"],
    ["a key with a date and a time", "backup_2026-11-22_10-15-08"],
    ["a key with a 9-digit run joined by underscores", "key_123456789_retry"],
    ["a key with an SSN-valid 9-digit run glued to letters", "retry123456789b"],
    ["epoch seconds with a fraction", "1732212345.679"],
    ["a date-time whose fraction is a valid routing number", "2026-11-22T10:15:30.123456007Z"],
    ["a compact date-time", "20261122T101530Z"],
    ["a date-time with an offset", "2026-11-22T10:15:30.123+05:30"],
    ["a random idempotency key", "k7Hq2mX9pL4vR8nT123456789wQ"],
    ["a UUID with a Luhn-valid digit tail", "3f2504e0-4f89-41da-8123-456789012340"],
    ["a UUID in prose", "draft 3f2504e0-4f89-41da-8123-456789012340 saved"],
    ["a UUID whose version group ends in a digit", "3f2504e0-4f89-41d3-8123-456789012340"],
    ["a UUID with a 9-digit run", "3f2504e0-4f89-41d3-9a0c-a123456789bc"],
    ["an upper-case UUID", "3F2504E0-4F89-41DA-8123-456789012340"],
    ["an all-digit UUID", "12345678-1234-4123-8123-456789012345"],
    ["an all-digit version-1 UUID with a Luhn-valid tail", "12345678-1234-1123-8123-456789012340"],
    ["an upper-case version-7 UUID in a key", "sdk-0193A1B2-C3D4-7ABC-8123-456789012340"],
    ["a UUID without hyphens, holding a valid routing number", "3f2504e04f8941daa021000021bcdef0"],
    ["a hyphenless UUID in a key", "sdk_3F2504E04F8941DAA021000021BCDEF0"],
    ["a title", "November 2026 batch 12 of 40"],
    ["a phone-like number", "+1 800 555 0199"],
  ];

  it.each(ordinary)("%s passes", (_label, value) => {
    if (typeof value === "string") expect(findSensitiveNumber(value)).toBeUndefined();
    expect(() => assertNoForbiddenPersonalData({ value })).not.toThrow();
  });

  it("a UUID's digit tail would be a card on its own, so the UUID test above is meaningful", () => {
    expect(isLuhnValid("2026110120261204")).toBe(true);
    expect(isLuhnValid("1732212345679")).toBe(true);
    expect(isLuhnValid("2026112200004")).toBe(true);
    expect(isLuhnValid("20261122101508")).toBe(true);
    expect(isValidRoutingNumber("123456007")).toBe(true);
    expect(findSensitiveNumber("routing 021000021")).toBe("routing");
  });

  it("separated digits join into a card only in the groups cards are printed in", () => {
    // A counter and a time, as retry keys carry them: 17 digits that pass Luhn with a 4 in front.
    expect(isCardNumber("45251732371234567")).toBe(true);
    expect(findSensitiveNumber("soak-draft-4525-1732371234567")).toBeUndefined();
    expect(findSensitiveNumber("batch 4525 1732371234567")).toBeUndefined();
    expect(findSensitiveNumber("4123-456789012349")).toBeUndefined();
    let refused = 0;
    for (let tick = 1000; tick < 3000; tick++) {
      if (findSensitiveNumber(`soak-draft-${tick}-1732371234567`) !== undefined) refused++;
    }
    expect(refused).toBe(0);
    // The printed groupings are still caught, whatever joins them.
    expect(findSensitiveNumber("4111-1111-1111-1111")).toBe("card");
    expect(findSensitiveNumber("3782-822463-10005")).toBe("card");
    expect(findSensitiveNumber("3622 720627 1667")).toBe("card");
    expect(findSensitiveNumber("6222_0200_0000_0000_000")).toBe("card");
  });

  it("trade-off: a long digit run with a card prefix that passes Luhn is a card even inside an identifier", () => {
    expect(findSensitiveNumber("draft-4111111111111111")).toBe("card");
    expect(findSensitiveNumber("k7Hq4111111111111111wQ")).toBe("card");
  });

  it("Unix times in milliseconds in keys pass, even when their digits pass Luhn", () => {
    expect(isLuhnValid("1732212345679")).toBe(true);
    expect(findSensitiveNumber("draft-1732212345679")).toBeUndefined();
    const start = 1_795_000_000_000;
    for (let offset = 0; offset < 1000; offset++) {
      expect(findSensitiveNumber(`draft-${start + offset}`)).toBeUndefined();
    }
  });

  it("a card number needs an issuer prefix: 2–6, or 1 for 15-digit UATP", () => {
    expect(isCardNumber("4111111111111111")).toBe(true);
    expect(isLuhnValid("8111111111111112")).toBe(true);
    expect(isCardNumber("8111111111111112")).toBe(false);
    expect(isCardNumber("122000000000003")).toBe(true);
  });

  it("freshly minted ids and a realistic draft pass", () => {
    for (let i = 0; i < 200; i++) expect(findSensitiveNumber(newId())).toBeUndefined();
    expect(() =>
      assertNoForbiddenPersonalData({
        title: "Placement 2026-11-22",
        idempotencyKey: "placement-2026-11-22-0001",
        accounts: [
          { reference: "HRP-000123", name: "Pat Doe", amount: 1234.56, currency: "USD", creditor: "Acme Bank" },
          { reference: "HRP-000124", name: "Sam Roe", amount: 99_999_999.99 },
        ],
      }),
    ).not.toThrow();
  });
});
