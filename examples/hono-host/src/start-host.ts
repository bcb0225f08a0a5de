import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createDatabase } from "@connector/store/node";
import { apiKeyPrincipals } from "./api-key-principals.js";
import { createHostApp } from "./host-app.js";
import { type HostUserName, hostUsers } from "./host-users.js";
import { openHostRuntime } from "./open-host-runtime.js";

export interface StartHostOptions {
  databaseUrl: string;
  /** 0 picks a free port. */
  port: number;
  /** Loopback unless told otherwise. */
  hostname?: string;
  /** Fixed keys for the host's users; random ones otherwise. */
  keys?: Partial<Record<HostUserName, string>>;
  reportError?: (error: unknown) => void;
}

export interface RunningHost {
  url: string;
  /** Each user's API key, to send as `Authorization: Bearer <key>`. */
  keys: Record<HostUserName, string>;
  close(): Promise<void>;
}

/**
 * The Node edge of the host: the database opened by URL with the store's Node drivers, the runtime built
 * on it, the Hono app, `@hono/node-server` listening.
 */
export async function startHost(options: StartHostOptions): Promise<RunningHost> {
  const hostname = options.hostname ?? "127.0.0.1";
  const reportError = options.reportError ?? ((error: unknown) => console.error("example host: request failed", error));
  // The base URL is known once the port is: tools only put it in links, so the runtime reads it late.
  let url = "";
  const database = await createDatabase({ url: options.databaseUrl });
  const host = await openHostRuntime(database, { baseUrl: "", reportError }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const users = hostUsers(host.demo, options.keys);
  const app = createHostApp({
    runtime: {
      ...host.runtime,
      get baseUrl() {
        return url;
      },
    },
    principalOf: await apiKeyPrincipals(Object.values(users)),
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve({ fetch: app.fetch, port: options.port, hostname }, () => resolve(listening));
  });
  url = `http://${hostname}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    keys: { deskReader: users.deskReader.key, deskOwner: users.deskOwner.key, resolveUser: users.resolveUser.key },
    close: async () => {
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      await database.close();
    },
  };
}
