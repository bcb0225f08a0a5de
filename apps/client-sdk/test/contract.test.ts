import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without declarations.
import { renderContract, TYPES_FILE } from "../scripts/contract.mjs";

describe("the client's contract", () => {
  it("matches the published OpenAPI document (run `pnpm --filter @connector/client generate` after changing a tool)", async () => {
    const { types } = await renderContract();
    expect(readFileSync(TYPES_FILE, "utf8")).toBe(types);
  });
});
