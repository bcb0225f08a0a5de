import { asReader, CATALOGUES } from "@connector/ui";
import { describe, expect, it } from "vitest";
import { discardRefusal, refusalWords } from "../src/routes/draft-routes.js";

/** Issue 48 (a later look): a closed draft is said to be closed in one wording, under one key, wherever it is refused. */
describe("a closed draft's refusal", () => {
  it("the discard step says what the draft page and a refused discard say, in each language", () => {
    for (const language of ["en", "es"] as const) {
      asReader({ language }, () => {
        for (const status of ["approved", "discarded"]) {
          expect(discardRefusal(status)).toEqual({ error: CATALOGUES[language]["drafts.page.closed"], status: 409 });
        }
        expect(discardRefusal("approved").error).toBe(refusalWords({ code: "draft_closed", message: "core's words" }));
        expect(discardRefusal("awaiting_review")).toEqual({ error: CATALOGUES[language]["drafts.refused.notYours"], status: 403 });
      });
    }
    expect(Object.keys(CATALOGUES.en).filter((key) => key.startsWith("drafts.") && key.endsWith(".closed"))).toEqual(["drafts.page.closed"]);
  });
});
