import { describe, expect, it } from "vitest";
import { createAuthStores } from "../src/index.js";
import { createDatabase } from "../src/node.js";
import { SHARED_DATABASE_IN_RUN, SHARED_TEST_DIALECT, TEST_DIALECTS } from "../src/testing/index.js";
import { NOW, useDatabase } from "./support/database-fixture.js";

const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();

describe.each(TEST_DIALECTS)("the DPoP store on %s", (dialect) => {
  const fixture = useDatabase(dialect);

  it("records a proof once: the same key again is a replay until it expires", async () => {
    const { dpop } = createAuthStores(fixture.database);
    expect(await dpop.recordProof("proof-a", at(300), at(0))).toBe("recorded");
    expect(await dpop.recordProof("proof-a", at(300), at(10))).toBe("replayed");
    expect(await dpop.recordProof("proof-b", at(300), at(10))).toBe("recorded");
    // Past its expiry the key may be recorded again (its iat would be refused before this anyway).
    expect(await dpop.recordProof("proof-a", at(900), at(301))).toBe("recorded");
    expect(await dpop.recordProof("proof-a", at(900), at(302))).toBe("replayed");
  });

  it("keeps the first nonce secret it is given and hands it to every later caller", async () => {
    const first = createAuthStores(fixture.database).dpop;
    const second = createAuthStores(fixture.database).dpop;
    const secret = await first.nonceSecret("secret-one", at(0));
    expect(secret).toBe(await second.nonceSecret("secret-two", at(1)));
    expect(await first.nonceSecret("secret-three", at(2))).toBe(secret);
  });
});

describe.skipIf(!SHARED_DATABASE_IN_RUN)(`the DPoP store shared by processes on ${SHARED_TEST_DIALECT}`, () => {
  const fixture = useDatabase(SHARED_TEST_DIALECT);

  it("refuses a proof another connection already recorded, however many race for it", async () => {
    const other = await createDatabase({ url: fixture.testDatabase.url });
    try {
      const here = createAuthStores(fixture.database).dpop;
      const there = createAuthStores(other).dpop;
      expect(await here.recordProof("shared-proof", at(300), at(0))).toBe("recorded");
      expect(await there.recordProof("shared-proof", at(300), at(1))).toBe("replayed");
      const raced = await Promise.all(
        Array.from({ length: 8 }, (_, index) => (index % 2 === 0 ? here : there).recordProof("raced-proof", at(300), at(2))),
      );
      expect(raced.filter((outcome) => outcome === "recorded")).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
