import { newId } from "@connector/core/domain";
import type { Kysely } from "kysely";
import { insertInBatches } from "../database/batched-insert.js";
import type { Database } from "../database/database.js";
import type { AccountTable, DatabaseSchema, PaymentRecordTable } from "../database/database-schema.js";
import { type DemoAccount, demoAccount, demoReference } from "./demo-accounts.js";
import { seededRandom } from "./seeded-random.js";

const DAY_MS = 86_400_000;

export const DEMO_DESK_NAME = "Harbor Recovery Partners";
export const DEMO_OTHER_DESK_NAME = "Northwind Consumer Lending";
export const DEMO_CONSUMER_NAME = "Jordan Ellis";
const DEMO_ACCOUNT_COUNT = 300;
const OTHER_DESK_ACCOUNT_COUNT = 20;
const ACTIVE_OFFER_INDEX = 123;
const EXPIRED_OFFER_INDEX = 124;

export const DEMO_ACTIVE_OFFER_TERMS =
  "Pay $1,200.00 in three monthly payments of $400.00, the first due 14 days after you accept. " +
  "Once all three payments post, Harbor Recovery Partners will report the account as settled in full.";
export const DEMO_EXPIRED_OFFER_TERMS =
  "Pay $650.00 in a single payment within 10 days of acceptance to resolve the account in full.";

export interface SeedDemoDataOptions {
  /** The clock the demo data is laid out around (offer expiry, placement dates). Default: now. */
  now?: Date;
}

export interface DemoDataSummary {
  /** False when desks already existed and nothing was written. */
  seeded: boolean;
  deskId: string;
  otherDeskId: string;
  consumerId: string;
  /** Accounts at the demo desk. */
  accountCount: number;
  activeOfferReference: string;
  expiredOfferReference: string;
}

/**
 * Seeds a demo world once: only into a database with no desks, all in one transaction. Amounts,
 * statuses and histories are deterministic; ids are fresh UUIDs.
 */
export async function seedDemoData(database: Database, options: SeedDemoDataOptions = {}): Promise<DemoDataSummary> {
  const now = (options.now ?? new Date()).getTime();
  return database.db.transaction().execute(async (trx) => {
    const anyDesk = await trx.selectFrom("desks").select("id").limit(1).executeTakeFirst();
    if (anyDesk !== undefined) return describeExistingDemo(trx);
    return insertDemo(trx, now);
  });
}

async function insertDemo(trx: Kysely<DatabaseSchema>, now: number): Promise<DemoDataSummary> {
  const random = seededRandom(20261122);
  const createdAt = new Date(now - 800 * DAY_MS).toISOString();
  const deskId = newId(now - 800 * DAY_MS);
  const otherDeskId = newId(now - 800 * DAY_MS);
  const consumerId = newId(now - 90 * DAY_MS);

  await trx
    .insertInto("desks")
    .values([
      { id: deskId, name: DEMO_DESK_NAME, kind: "agency", created_at: createdAt },
      { id: otherDeskId, name: DEMO_OTHER_DESK_NAME, kind: "creditor", created_at: createdAt },
    ])
    .execute();
  await trx
    .insertInto("consumers")
    .values({ id: consumerId, display_name: DEMO_CONSUMER_NAME, created_at: new Date(now - 90 * DAY_MS).toISOString() })
    .execute();

  const demo = range(DEMO_ACCOUNT_COUNT).map((index) => demoAccount({ deskId, prefix: "HRP", index, now, random }));
  const other = range(OTHER_DESK_ACCOUNT_COUNT).map((index) =>
    demoAccount({ deskId: otherDeskId, prefix: "NCL", index, now, random }),
  );
  const activeAccount = demo[ACTIVE_OFFER_INDEX - 1]!.account;
  const expiredAccount = demo[EXPIRED_OFFER_INDEX - 1]!.account;
  // The consumer's own accounts carry the consumer's name, as a verified match would.
  for (const account of [activeAccount, expiredAccount]) account.debtor_name = DEMO_CONSUMER_NAME;
  activeAccount.face_amount_minor = 1_850_00;
  expiredAccount.face_amount_minor = 1_120_00;

  await insertAccounts(trx, [...demo, ...other]);

  const verifiedAt = new Date(now - 30 * DAY_MS).toISOString();
  await trx
    .insertInto("consumer_verified_accounts")
    .values([
      { consumer_id: consumerId, account_id: activeAccount.id, verified_at: verifiedAt },
      { consumer_id: consumerId, account_id: expiredAccount.id, verified_at: verifiedAt },
    ])
    .execute();
  await trx
    .insertInto("approved_offers")
    .values([
      {
        id: newId(now - 2 * DAY_MS),
        account_id: activeAccount.id,
        terms: DEMO_ACTIVE_OFFER_TERMS,
        status: "active",
        approved_at: new Date(now - 2 * DAY_MS).toISOString(),
        expires_at: new Date(now + 30 * DAY_MS).toISOString(),
      },
      {
        id: newId(now - 45 * DAY_MS),
        account_id: expiredAccount.id,
        terms: DEMO_EXPIRED_OFFER_TERMS,
        status: "active",
        approved_at: new Date(now - 45 * DAY_MS).toISOString(),
        expires_at: new Date(now - 15 * DAY_MS).toISOString(),
      },
    ])
    .execute();

  return {
    seeded: true,
    deskId,
    otherDeskId,
    consumerId,
    accountCount: demo.length,
    activeOfferReference: activeAccount.reference,
    expiredOfferReference: expiredAccount.reference,
  };
}

async function insertAccounts(trx: Kysely<DatabaseSchema>, accounts: DemoAccount[]): Promise<void> {
  const accountRows: AccountTable[] = accounts.map((demo) => demo.account);
  const paymentRows: PaymentRecordTable[] = accounts.flatMap((demo) => demo.payments);
  await insertInBatches(trx, "accounts", accountRows);
  await insertInBatches(trx, "payment_records", paymentRows);
}

/** A second call reports the demo that is already there, so a restarted server can print it. */
async function describeExistingDemo(trx: Kysely<DatabaseSchema>): Promise<DemoDataSummary> {
  const desk = await trx.selectFrom("desks").select("id").where("name", "=", DEMO_DESK_NAME).executeTakeFirst();
  const other = await trx.selectFrom("desks").select("id").where("name", "=", DEMO_OTHER_DESK_NAME).executeTakeFirst();
  const consumer = await trx
    .selectFrom("consumers")
    .select("id")
    .where("display_name", "=", DEMO_CONSUMER_NAME)
    .executeTakeFirst();
  if (desk === undefined || other === undefined || consumer === undefined) {
    throw new Error("The database already holds desks but not the demo data; nothing was seeded.");
  }
  const { count } = await trx
    .selectFrom("accounts")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("desk_id", "=", desk.id)
    .executeTakeFirstOrThrow();
  return {
    seeded: false,
    deskId: desk.id,
    otherDeskId: other.id,
    consumerId: consumer.id,
    accountCount: Number(count),
    activeOfferReference: demoReference("HRP", ACTIVE_OFFER_INDEX),
    expiredOfferReference: demoReference("HRP", EXPIRED_OFFER_INDEX),
  };
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i + 1);
}
