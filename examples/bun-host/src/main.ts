import { Database as BunDatabase } from "bun:sqlite";
import { apiKeyPrincipals, createHostApp, type HostUserName, hostUsers, openHostRuntime } from "@connector/example-hono-host/app";
import { openDatabase } from "@connector/store";
import { bunSqliteDriver } from "./bun-sqlite-driver.js";

// `bun src/main.ts`: the connector tools on Bun. The database is `BUN_HOST_DATABASE` (a SQLite file, or
// `:memory:` by default); it listens on 127.0.0.1:`BUN_HOST_PORT` (0: any free port). Each user's key
// comes from BUN_HOST_<USER>_KEY or is new on every start. Only the driver and the listening are Bun's:
// the app is the Node host's, the rules core's, the stores the store's.
const database = openDatabase(bunSqliteDriver(new BunDatabase(process.env.BUN_HOST_DATABASE ?? ":memory:")));
let baseUrl = "";
const { runtime, demo } = await openHostRuntime(database, {
  baseUrl: "",
  reportError: (error) => console.error("bun host: request failed", error),
});
const users = hostUsers(demo, {
  deskReader: process.env.BUN_HOST_DESK_READER_KEY,
  deskOwner: process.env.BUN_HOST_DESK_OWNER_KEY,
  resolveUser: process.env.BUN_HOST_RESOLVE_USER_KEY,
} satisfies Record<HostUserName, string | undefined>);
const app = createHostApp({
  // Tools put the base URL in links; it is known once Bun has picked the port.
  runtime: {
    ...runtime,
    get baseUrl() {
      return baseUrl;
    },
  },
  principalOf: await apiKeyPrincipals(Object.values(users)),
});
const server = Bun.serve({ hostname: "127.0.0.1", port: Number(process.env.BUN_HOST_PORT ?? 8788), fetch: app.fetch });
baseUrl = server.url.origin;

// One line a supervisor (or the test) reads: where the host listens.
console.log(JSON.stringify({ listening: baseUrl }));
if (process.env.BUN_HOST_PRINT_KEYS !== "0") {
  for (const [name, user] of Object.entries(users)) console.log(`  ${name} (${user.principal.scopes.join(", ")}): Authorization: Bearer ${user.key}`);
}

const stop = async () => {
  await server.stop();
  await database.close();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
