import { apiKeyPrincipals, createHostApp, hostUsers, openHostRuntime } from "@connector/example-hono-host/app";
import { openDatabase } from "@connector/store";
import initSqlJs from "sql.js";
// The SQLite engine, compiled to WebAssembly: a Worker may not compile code at run time, so the bundle
// carries it as a module that workerd compiles when it loads the Worker.
import sqliteWasm from "./sql-wasm-browser.wasm";
import { sqlJsDriver } from "./sql-js-driver.js";

/** The Worker's bindings: each user's API key, set as secrets (`wrangler secret put`, or Miniflare's `bindings`). */
export interface Env {
  DESK_READER_KEY: string;
  DESK_OWNER_KEY: string;
  RESOLVE_USER_KEY: string;
}

type App = ReturnType<typeof createHostApp>;

/** One app per isolate, opened by its first request (a Worker has no start-up hook); a failed open is retried. */
let opening: Promise<App> | undefined;

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    opening ??= openApp(env, new URL(request.url).origin).catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening.then((app) => app.fetch(request));
  },
};

/**
 * The host on a Worker: an in-memory SQLite in this isolate (migrated and seeded by the store; it lives as
 * long as the isolate does), core's tools over the store's tool stores, and the same Hono app as the Node
 * host. Only the database driver and this entry point are the Worker's own.
 */
async function openApp(env: Env, baseUrl: string): Promise<App> {
  const SQL = await initSqlJs({
    instantiateWasm: (imports, receive) => {
      WebAssembly.instantiate(sqliteWasm, imports).then((instance) => receive(instance));
      return {};
    },
  });
  const database = openDatabase(sqlJsDriver(new SQL.Database()));
  const { runtime, demo } = await openHostRuntime(database, { baseUrl, reportError: (error) => console.error("worker host: request failed", error) });
  const users = hostUsers(demo, { deskReader: env.DESK_READER_KEY, deskOwner: env.DESK_OWNER_KEY, resolveUser: env.RESOLVE_USER_KEY });
  return createHostApp({ runtime, principalOf: await apiKeyPrincipals(Object.values(users)) });
}
