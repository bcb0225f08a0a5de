import { describe, expect, it } from "vitest";
import { ServiceError } from "../src/index.js";
import {
  assertNoForbiddenPersonalData,
  findSensitiveNumber,
  isValidRoutingNumber,
  isValidSsn,
} from "../src/entries/guard.js";

/**
 * Issue 9: nine-digit numbers are everywhere in collections data. The guard weighs shape and the words
 * near a number (docs/decisions.md, "Personal data in arguments"): ordinary strings with bare nine-digit
 * numbers pass; SSNs written as people write them are refused and never echoed.
 */

/** A small seeded generator (mulberry32), so the corpus is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function nineDigits(random: () => number): string {
  let digits = "";
  for (let i = 0; i < 9; i++) digits += Math.floor(random() * 10);
  return digits;
}

/** Business strings as desks and consumers write them, each with a bare nine-digit number. */
const BUSINESS_TEMPLATES: Array<(n: string) => string> = [
  (n) => n,
  (n) => `Invoice ${n}`,
  (n) => `Invoice #${n}`,
  (n) => `INV ${n} due 2026-12-01`,
  (n) => `Tax invoice ${n}`,
  (n) => `Agency file ${n}`,
  (n) => `File no. ${n}`,
  (n) => `Re: agency file ${n} (Northwind Recovery)`,
  (n) => `Our ref ${n}`,
  (n) => `Ref: ${n}`,
  (n) => `Account reference ${n}`,
  (n) => `Acct ref ${n}`,
  (n) => `Original creditor Acme Bank, account ref ${n}`,
  (n) => `Bank reference ${n}`,
  (n) => `Wire reference ${n} received`,
  (n) => `Claim ${n} placed by Harbor Recovery`,
  (n) => `Batch ${n} from Acme Bank`,
  (n) => `Purchase order ${n}`,
  (n) => `PO# ${n}`,
  (n) => `Order ${n} shipped`,
  (n) => `Case ${n} awaiting documents`,
  (n) => `Docket ${n}`,
  (n) => `Customer ID ${n}`,
  (n) => `Member number ${n}`,
  (n) => `Loan ${n}`,
  (n) => `Policy ${n}`,
  (n) => `Statement ${n} for November`,
  (n) => `Tracking ${n}`,
  (n) => `Check #${n}`,
  (n) => `Transaction ${n} posted 2026-11-02`,
  (n) => `Security deposit invoice ${n}`,
  (n) => `Social services referral ${n}`,
  (n) => `Tin Roof Supply, invoice ${n}`,
  (n) => `Aba Textiles order ${n}`,
  (n) => `Please send the documents for invoice ${n} to our office`,
  (n) => `Recipient: Harbor Recovery, file ${n}`,
  (n) => `Creditor reference ${n} / placement 12`,
  (n) => `Collections file ${n}, balance $1,234.56`,
  (n) => `Portfolio ${n} purchased 2026-10-01`,
  (n) => `November batch ${n}`,
];

/** SSNs as people write them; `d` is the nine digits, `a`, `g`, `s` the area, group and serial. */
const SSN_TEMPLATES: Array<(d: string, a: string, g: string, s: string) => string> = [
  (_d, a, g, s) => `${a}-${g}-${s}`,
  (_d, a, g, s) => `${a} ${g} ${s}`,
  (_d, a, g, s) => `${a}.${g}.${s}`,
  (_d, a, g, s) => `SSN: ${a}-${g}-${s}`,
  (_d, a, g, s) => `Pat Doe ${a}-${g}-${s}`,
  (_d, a, g, s) => `my number is ${a} ${g} ${s}, thanks`,
  (d) => `SSN ${d}`,
  (d) => `SSN: ${d}`,
  (d) => `ssn# ${d}`,
  (d) => `SS# ${d}`,
  (d) => `SS#${d}`,
  (d) => `Social Security Number: ${d}`,
  (d) => `social security no. ${d}`,
  (d) => `Soc. Sec. No. ${d}`,
  (d) => `my SSN is ${d}, please keep it private`,
  (d) => `Pat Doe, SSN ${d}`,
  (d) => `${d} (SSN)`,
  (d) => `${d} is my social security number`,
  (d) => `Name: Pat Doe; SSN: ${d}; DOB withheld`,
  (d) => `I am sending my social security number which is ${d}`,
  (d) => `taxpayer ID ${d}`,
  (d) => `Tax ID: ${d}`,
  (d) => `TIN: ${d}`,
  (d) => `ssn${d}`,
  (d) => `SSN-${d}`,
  (d) => `mySsn_${d}`,
];

function refusal(args: unknown): ServiceError | undefined {
  try {
    assertNoForbiddenPersonalData(args);
    return undefined;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
}

describe("ordinary business strings with bare nine-digit numbers", () => {
  const random = seeded(9);
  const corpus: Array<{ text: string; digits: string }> = [];
  for (let round = 0; round < 50; round++) {
    for (const template of BUSINESS_TEMPLATES) {
      const digits = nineDigits(random);
      corpus.push({ text: template(digits), digits });
    }
  }

  it("the corpus is one the old rule refused: most numbers are valid SSNs, some pass the ABA checksum", () => {
    const ssnValid = corpus.filter(({ digits }) => isValidSsn(digits)).length;
    const abaValid = corpus.filter(({ digits }) => isValidRoutingNumber(digits)).length;
    expect(ssnValid / corpus.length).toBeGreaterThan(0.8);
    expect(abaValid / corpus.length).toBeGreaterThan(0.05);
  });

  it(`pass the guard, more than 99% of ${corpus.length}`, () => {
    const refused = corpus.filter(({ text }) => refusal({ name: text }) !== undefined).map(({ text }) => text);
    expect(refused.length / corpus.length, `refused: ${refused.slice(0, 10).join(" | ")}`).toBeLessThan(0.01);
  });

  it.each(["Invoice 582047316", "430918275"])("the examples from the issue pass: %s", (text) => {
    expect(findSensitiveNumber(text)).toBeUndefined();
  });
});

describe("SSNs written as people write them", () => {
  const random = seeded(11);
  const corpus: Array<{ text: string; digits: string }> = [];
  while (corpus.length < SSN_TEMPLATES.length * 30) {
    const digits = nineDigits(random);
    if (!isValidSsn(digits)) continue;
    const template = SSN_TEMPLATES[corpus.length % SSN_TEMPLATES.length]!;
    corpus.push({ text: template(digits, digits.slice(0, 3), digits.slice(3, 5), digits.slice(5)), digits });
  }

  it(`are all refused as forbidden personal data, never echoed (${corpus.length} strings)`, () => {
    const missed: string[] = [];
    for (const { text, digits } of corpus) {
      const error = refusal({ recipient: text });
      if (error === undefined) {
        missed.push(text);
        continue;
      }
      expect(error.code).toBe("forbidden_personal_data");
      expect(error.field).toBe("recipient");
      const body = JSON.stringify(error.toBody());
      expect(body).not.toContain(digits);
      expect(body).not.toContain(digits.slice(5));
    }
    expect(missed).toEqual([]);
  });

  it("a labelled SSN is refused as an SSN even when its digits also pass the ABA checksum", () => {
    expect(isValidRoutingNumber("123456780")).toBe(true);
    expect(findSensitiveNumber("SSN 123456780")).toBe("ssn");
    expect(findSensitiveNumber("Social Security Number: 123456780")).toBe("ssn");
  });

  it("the label must be near (5 words before, 4 after); what the words say is not read", () => {
    expect(findSensitiveNumber("SSN not on file for this account; please use invoice number 582047316")).toBeUndefined();
    expect(findSensitiveNumber("Invoice 582047316 has no social security number")).toBe("ssn");
  });

  it("a labelled number that no SSN could be passes (area 9xx, group 00, serial 0000)", () => {
    for (const digits of ["912345678", "123004567", "123450000"]) expect(findSensitiveNumber(`SSN ${digits}`)).toBeUndefined();
  });
});
