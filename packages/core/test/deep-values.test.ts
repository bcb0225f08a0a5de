import { describe, expect, it } from "vitest";
import { isServiceError } from "../src/index.js";
import {
  assertNoForbiddenPersonalData,
  findNulCharacter,
  jsonTextTooDeep,
  MAX_JSON_DEPTH,
  valueTooDeep,
} from "../src/entries/guard.js";
import { canonicalJson } from "../src/entries/tools.js";

/** Far past any call stack: each helper that walks a caller's value must get through it without recursion. */
const LEVELS = 100_000;

/** `{"a":{"a":…{"a":leaf}…}}`, `levels` objects deep, built without recursion. */
function nestedObjects(levels: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level++) value = { a: value };
  return value;
}

function nestedArrays(levels: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level++) value = [value];
  return value;
}

/** Issue 37: a value nested 10,000 levels answered 500 where a helper recursed over it. */
describe(`every walk over a caller's value survives ${LEVELS.toLocaleString("en-US")} levels`, () => {
  it("findNulCharacter finds the NUL at the bottom and names its path, and finds none in a clean value", () => {
    const found = findNulCharacter(nestedObjects(LEVELS, "x\u0000"));
    expect(found?.split(".")).toHaveLength(LEVELS);
    expect(findNulCharacter(nestedArrays(LEVELS, "clean"))).toBeUndefined();
  });

  it("assertNoForbiddenPersonalData finds a card number at the bottom", () => {
    let caught: unknown;
    try {
      assertNoForbiddenPersonalData(nestedArrays(LEVELS, "4111 1111 1111 1111"));
    } catch (error) {
      caught = error;
    }
    expect(isServiceError(caught) && caught.code).toBe("forbidden_personal_data");
  });

  it("canonicalJson refuses a value past the JSON depth bound as invalid input, not a stack overflow", () => {
    let caught: unknown;
    try {
      canonicalJson(nestedObjects(LEVELS, 1));
    } catch (error) {
      caught = error;
    }
    expect(isServiceError(caught) && caught.code).toBe("invalid_input");
    expect(canonicalJson(nestedObjects(MAX_JSON_DEPTH, 1))).toContain('{"a":1}');
  });

  it("the depth checks answer for text and for values, at the bound and one past it", () => {
    const text = (levels: number) => `${"[".repeat(levels)}1${"]".repeat(levels)}`;
    expect(jsonTextTooDeep(text(LEVELS))).toBe(true);
    expect(jsonTextTooDeep(text(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTextTooDeep(text(MAX_JSON_DEPTH + 1))).toBe(true);
    // Brackets inside strings, escaped quotes included, are text, not nesting.
    expect(jsonTextTooDeep(JSON.stringify({ note: `\\"${"[".repeat(LEVELS)}` }))).toBe(false);
    expect(valueTooDeep(nestedObjects(LEVELS, 1))).toBe(true);
    expect(valueTooDeep(nestedArrays(MAX_JSON_DEPTH, 1))).toBe(false);
    expect(valueTooDeep(nestedArrays(MAX_JSON_DEPTH + 1, 1))).toBe(true);
  });
});
