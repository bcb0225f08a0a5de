import { DurableObject, type DurableObjectState } from "cloudflare:workers";
import { apiKeyPrincipals, createHostApp, hostUsers, openHostRuntime } from "@connector/example-hono-host/app";
import { openDatabase } from "@connector/store";
import { durableObjectSqliteDriver } from "./durable-object-sqlite-driver.js";

/** The Worker's bindings: the Desk objects, and each user's API key, set as secrets (`wrangler secret put`). */
export interface Env {
  DESK: DurableObjectNamespace;
  DESK_READER_KEY: string;
  DESK_OWNER_KEY: string;
  RESOLVE_USER_KEY: string;
}

type App = ReturnType<typeof createHostApp>;

/**
 * One Desk's data and the host that serves it, in a SQLite-backed Durable Object: the store's tables in the
 * object's own SQLite (they last; the isolate need not), migrated and seeded before the object takes its
 * first request, and the same Hono app as the Node host. One object runs one request at a time through
 * its store's transactions: one writer, as SQLite has.
 */
export class DeskObject extends DurableObject<Env> {
  #app: App | undefined;
  /** Where clients reach the Worker, from the first request: tools only put it in links. */
  #origin = "";

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Events wait until this has run; if it throws, the object is reset and the next event tries again.
    void ctx.blockConcurrencyWhile(async () => {
      this.#app = await openApp(ctx, env, () => this.#origin);
    });
  }

  async fetch(request: Request): Promise<Response> {
    if (this.#app === undefined) throw new Error("The Desk's database did not open.");
    this.#origin ||= new URL(request.url).origin;
    return this.#app.fetch(request);
  }
}

/**
 * The host on the object's storage: the store migrates it (once; a later start finds it migrated) and
 * seeds the demo world (once; a later start finds it and only describes it), core's tools over the
 * store's tool stores, the users' keys from the Worker's secrets.
 */
async function openApp(ctx: DurableObjectState, env: Env, origin: () => string): Promise<App> {
  const database = openDatabase(durableObjectSqliteDriver(ctx.storage));
  const { runtime, demo } = await openHostRuntime(database, {
    baseUrl: "",
    reportError: (error) => console.error("worker host: request failed", error),
  });
  const users = hostUsers(demo, { deskReader: env.DESK_READER_KEY, deskOwner: env.DESK_OWNER_KEY, resolveUser: env.RESOLVE_USER_KEY });
  return createHostApp({
    runtime: {
      ...runtime,
      get baseUrl() {
        return origin();
      },
    },
    principalOf: await apiKeyPrincipals(Object.values(users)),
  });
}
