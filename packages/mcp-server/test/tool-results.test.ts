import { ServiceError } from "@connector/core";
import { describe, expect, it } from "vitest";
import { errorResult, successResult, toolCallResponseText } from "../src/tool-results.js";

/** What a client reads: the answer exactly as `JSON.stringify` would have written the whole message. */
const stringified = (id: string | number, result: unknown) => JSON.stringify({ jsonrpc: "2.0", id, result });

describe("toolCallResponseText", () => {
  it("writes a success answer character for character as JSON.stringify of the whole message", () => {
    const page = {
      accounts: [
        { accountId: "0193d8d7", reference: 'HRP "quoted" \\ back', faceAmount: { minorUnits: 1272444, currency: "USD" }, caseStatus: "open" },
        { accountId: "0193f169", reference: "Núñez – 支払い \u2028 \n\t", faceAmount: null, caseStatus: "settled" },
      ],
      nextCursor: null,
    };
    for (const id of [7, "req-\"1\""]) {
      const text = toolCallResponseText(id, successResult(page));
      expect(text).toBe(stringified(id, successResult(page)));
      expect(JSON.parse(text).result.structuredContent).toEqual(page);
      expect(JSON.parse(JSON.parse(text).result.content[0].text)).toEqual(page);
    }
  });

  it("writes error results, and results it did not make, by serialising them whole", () => {
    const refused = errorResult(new ServiceError("not_found", "No such account."), "req-9");
    expect(toolCallResponseText(3, refused)).toBe(stringified(3, refused));
    const copied = { ...successResult({ accounts: [] }), structuredContent: { accounts: [{ accountId: "changed" }] } };
    expect(toolCallResponseText(4, copied)).toBe(stringified(4, copied));
  });
});
