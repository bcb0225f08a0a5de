import { isStoreUnavailable, StoreUnavailableError } from "@connector/core/errors";
import { describe, expect, it } from "vitest";
import { createStores } from "../src/index.js";
import { createDatabase } from "../src/node.js";

describe("an unreachable database", () => {
  it("turns a refused PostgreSQL connection into the store-unavailable error, with no HTTP status or headers", async () => {
    // Port 1 on loopback: nothing listens, so the connection is refused at once.
    const database = await createDatabase({ url: "postgres://postgres@127.0.0.1:1/none" });
    try {
      const stores = createStores(database);
      const failure = await stores.accounts.listAccounts("00000000-0000-0000-0000-000000000000", { limit: 1 }).catch((error) => error);
      expect(failure).toBeInstanceOf(StoreUnavailableError);
      expect(isStoreUnavailable(failure)).toBe(true);
      expect(failure).toMatchObject({ code: "store_unavailable" });
      expect(failure).not.toHaveProperty("status");
      expect(failure).not.toHaveProperty("headers");
      expect((failure as Error).message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    } finally {
      await database.close();
    }
  });

  it("turns a failed transaction start into the same error", async () => {
    const database = await createDatabase({ url: "postgres://postgres@127.0.0.1:1/none" });
    try {
      const stores = createStores(database);
      const failure = await stores.transaction(async () => "never").catch((error) => error);
      expect(isStoreUnavailable(failure)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
