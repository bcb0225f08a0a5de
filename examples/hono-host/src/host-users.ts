import type { DemoDataSummary } from "@connector/store";
import type { ApiKeyEntry } from "./api-key-principals.js";

/** The host's people, by the name the host knows them by. */
export type HostUserName = "deskReader" | "deskOwner" | "resolveUser";

/**
 * This host's users and what each may do, the host's own choice: a Desk person who may read but not save
 * drafts, a Desk owner who may do both, and a consumer on Resolve who may do both. Each key is one connection (`grantId`), as a grant
 * is for the OAuth host. Keys are random per start unless given, so none is ever written in code.
 */
export function hostUsers(demo: DemoDataSummary, keys: Partial<Record<HostUserName, string>> = {}) {
  const keyOf = (name: HostUserName) => keys[name] ?? randomKey();
  const users = {
    deskReader: {
      key: keyOf("deskReader"),
      principal: {
        grantId: "example-host-desk-reader",
        clientId: "example-hono-host",
        userId: "example-desk-reader",
        workspace: "desk",
        scopes: ["desk:read"],
        deskId: demo.deskId,
      },
    },
    deskOwner: {
      key: keyOf("deskOwner"),
      principal: {
        grantId: "example-host-desk-owner",
        clientId: "example-hono-host",
        userId: "example-desk-owner",
        workspace: "desk",
        scopes: ["desk:read", "desk:drafts"],
        deskId: demo.deskId,
      },
    },
    resolveUser: {
      key: keyOf("resolveUser"),
      principal: {
        grantId: "example-host-resolve-user",
        clientId: "example-hono-host",
        userId: "example-resolve-user",
        workspace: "resolve",
        scopes: ["resolve:read", "resolve:drafts"],
        consumerId: demo.consumerId,
      },
    },
  } satisfies Record<HostUserName, ApiKeyEntry>;
  return users;
}

/** 32 random bytes, base64url: Web Crypto, like the rest of the host. */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
