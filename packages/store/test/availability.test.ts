import { ServiceError } from "@connector/core";
import { describe, expect, it } from "vitest";
import { createDatabase, createStores } from "../src/index.js";

describe("an unreachable database", () => {
  it("turns a refused PostgreSQL connection into 503 service_unavailable", async () => {
    // Port 1 on loopback: nothing listens, so the connection is refused at once.
    const database = createDatabase({ url: "postgres://postgres@127.0.0.1:1/none" });
    try {
      const stores = createStores(database);
      const failure = await stores.accounts.listAccounts("00000000-0000-0000-0000-000000000000", { limit: 1 }).catch((error) => error);
      expect(failure).toBeInstanceOf(ServiceError);
      expect(failure).toMatchObject({ code: "service_unavailable", status: 503 });
      expect((failure as Error).message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    } finally {
      await database.close();
    }
  });

  it("turns a failed transaction start into 503 as well", async () => {
    const database = createDatabase({ url: "postgres://postgres@127.0.0.1:1/none" });
    try {
      const stores = createStores(database);
      const failure = await stores.transaction(async () => "never").catch((error) => error);
      expect(failure).toMatchObject({ code: "service_unavailable", status: 503 });
    } finally {
      await database.close();
    }
  });
});
