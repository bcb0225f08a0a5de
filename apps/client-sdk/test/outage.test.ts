import { SHARED_DATABASE_IN_RUN, SHARED_TEST_DIALECT, TEST_PG_URL } from "@connector/store/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectorClient, ServiceUnavailableError, type ConnectorError } from "../src/index.js";
import { connectAuth, newAuth, type SdkService, startSdkService } from "./support/sdk-service.js";

let service: SdkService;
let admin: pg.Client;
let database: string;
// The outage is played on PostgreSQL (a database can be taken away and given back there).
const withPostgres = SHARED_DATABASE_IN_RUN;

beforeAll(async () => {
  if (!withPostgres) return;
  service = await startSdkService(SHARED_TEST_DIALECT);
  database = new URL(service.testDatabase.url).pathname.slice(1);
  admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await service?.close();
});

/** A real outage: the service's PostgreSQL database disappears (renamed away, its connections cut). */
async function takeDatabaseAway(): Promise<void> {
  for (;;) {
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [database]);
    try {
      await admin.query(`alter database "${database}" rename to "${database}_away"`);
      return;
    } catch {
      // The service's pool reconnected in between; cut again.
    }
  }
}

async function bringDatabaseBack(): Promise<void> {
  await admin.query(`alter database "${database}_away" rename to "${database}"`);
}

describe.skipIf(!withPostgres)("503 when the service loses its database", () => {
  it("is a ServiceUnavailableError with Retry-After and a request id; with a retry left, the client waits it out and succeeds", async () => {
    const sent: string[] = [];
    const client = new ConnectorClient({
      baseUrl: service.baseUrl,
      auth: await connectAuth(service, newAuth(service, "desk")),
      backoff: { baseDelayMs: 20 },
      fetch: (input, init) => {
        sent.push(String(input));
        return fetch(input, init);
      },
    });
    await client.desk.capabilities();
    await takeDatabaseAway();
    try {
      const error = await client.desk.listAccounts({ limit: 1 }, { maxRetries: 0 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceUnavailableError);
      expect(error).toMatchObject({ status: 503, code: "service_unavailable" });
      const retryAfter = Number((error as ConnectorError).headers?.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);

      const before = sent.length;
      const started = Date.now();
      const call = client.desk.listAccounts({ limit: 1 }, { maxRetries: 1 });
      setTimeout(() => void bringDatabaseBack(), 300);
      const page = await call;
      expect(page.accounts).toHaveLength(1);
      expect(sent.length - before).toBe(2);
      // It waited as long as Retry-After said (not its own 20 ms backoff).
      expect(Date.now() - started).toBeGreaterThanOrEqual(retryAfter * 1000 - 100);
      expect((error as ConnectorError).requestId, "X-Request-Id of the failed call").toMatch(/^\S+$/);
    } finally {
      await bringDatabaseBack().catch(() => undefined);
    }
  });
});
