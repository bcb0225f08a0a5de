import type { BackOfficeStores, BackOfficeUnitOfWork } from "@connector/core";
import { type BackOfficeDatabase, withBackOfficeTables } from "../database/back-office-schema.js";
import type { Database } from "../database/database.js";
import { createAgencyStore } from "./agency-store.js";
import { createEscalationStore } from "./escalation-store.js";
import { createPhoneStore } from "./phone-store.js";
import { createSkipStore } from "./skip-store.js";

function bindBackOfficeStores(db: BackOfficeDatabase): BackOfficeStores {
  return {
    agency: createAgencyStore(db),
    phones: createPhoneStore(db),
    skip: createSkipStore(db),
    escalations: createEscalationStore(db),
  };
}

/**
 * Core's back-office ports over the database. As with `createStores`, inside `transaction(work)`
 * use only the stores passed to `work` (SQLite's one connection is held by the transaction).
 */
export function createBackOfficeStores(database: Database): BackOfficeUnitOfWork {
  const db = withBackOfficeTables(database.db);
  return {
    ...bindBackOfficeStores(db),
    transaction: (work) => db.transaction().execute((trx) => work(bindBackOfficeStores(trx))),
  };
}
