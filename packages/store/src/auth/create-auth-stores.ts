import type { AuthStores } from "@connector/core/ports";
import type { Database } from "../database/database.js";
import type { AuthSchema } from "./auth-schema.js";
import { createClientStore } from "./client-store.js";
import { createCodeStore } from "./code-store.js";
import { createGrantStore } from "./grant-store.js";
import { createSessionStore } from "./session-store.js";
import { createTokenStore } from "./token-store.js";
import { createCounterStore } from "../stores/counter-store.js";
import { createUserStore } from "./user-store.js";
import { createDeskKeyStore } from "./desk-key-store.js";
import { createDpopStore } from "./dpop-store.js";
import { capabilitiesOf } from "../database/dialect-capabilities.js";

/**
 * The authorization server's ports (`@connector/core/ports`) over the database (migration
 * 2026-11-22T00-02-auth must have run). The stores open their own transactions where a step must be
 * atomic (code redemption, refresh rotation, grant revocation), so they are not meant to run inside a
 * caller's transaction on SQLite.
 */
export function createAuthStores(database: Database): AuthStores {
  const db = database.db.withTables<AuthSchema>();
  return {
    users: createUserStore(db),
    sessions: createSessionStore(db),
    clients: createClientStore(db),
    grants: createGrantStore(db),
    codes: createCodeStore(db),
    tokens: createTokenStore(db),
    counters: createCounterStore(database.db),
    deskKeys: createDeskKeyStore(db),
    dpop: createDpopStore(db, { sharedByProcesses: capabilitiesOf(database.db).sharedByProcesses }),
  };
}
