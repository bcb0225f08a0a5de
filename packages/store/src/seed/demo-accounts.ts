import { CASE_STATUSES, newId, type PaymentMethod, type PaymentOutcome } from "@connector/core/domain";
import type { AccountTable, PaymentRecordTable } from "../database/database-schema.js";
import type { SeededRandom } from "./seeded-random.js";

const DAY_MS = 86_400_000;

const FIRST_NAMES = ["Avery", "Blake", "Casey", "Dana", "Elliot", "Frances", "Gray", "Harper", "Indra", "Jules"];
const LAST_NAMES = ["Okafor", "Lindqvist", "Moreno", "Tanaka", "Whitfield", "Castellanos", "Novak", "Adeyemi"];

/** Notes are deliberately specific so a test can prove none of them ever reaches a response. */
const INTERNAL_NOTES = [
  "Prefers calls after 6pm; spouse answers the landline",
  "Hardship claimed: recent job loss, revisit in 60 days",
  "Skip-traced through employer payroll department",
  "Asked for validation letter by mail; flagged for compliance",
  "Cease-communication request pending review by counsel",
];

/** Card payments dominate, as in real collection portfolios; returns and reversals are rarer. */
const METHOD_WEIGHTS: readonly PaymentMethod[] = ["card", "card", "card", "bank_transfer", "bank_transfer", "check", "cash", "other"];
const OUTCOME_WEIGHTS: readonly PaymentOutcome[] = ["posted", "posted", "posted", "posted", "posted", "returned", "reversed"];

export interface DemoAccount {
  account: AccountTable;
  payments: PaymentRecordTable[];
}

export interface DemoAccountOptions {
  deskId: string;
  /** Reference prefix, e.g. `HRP` gives `HRP-000123`. */
  prefix: string;
  /** 1-based position; also picks the case status so every status is represented. */
  index: number;
  now: number;
  random: SeededRandom;
}

export function demoReference(prefix: string, index: number): string {
  return `${prefix}-${String(index).padStart(6, "0")}`;
}

export function demoAccount({ deskId, prefix, index, now, random }: DemoAccountOptions): DemoAccount {
  const placedAt = now - random.int(30, 720) * DAY_MS - random.int(0, DAY_MS - 1);
  const statusUpdatedAt = placedAt + Math.floor(random.next() * (now - placedAt));
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const reference = demoReference(prefix, index);
  const account: AccountTable = {
    // A v7 id from the placement time keeps keyset order close to placement order.
    id: newId(placedAt),
    desk_id: deskId,
    reference,
    debtor_name: `${first} ${last}`,
    debtor_email: `${first}.${last}.${index}@example.com`.toLowerCase(),
    debtor_phone: `+1-202-555-${String(100 + (index % 100)).padStart(4, "0")}`,
    debtor_ssn_last4: String(random.int(1000, 9999)),
    internal_note: `${random.pick(INTERNAL_NOTES)} (${reference})`,
    face_amount_minor: random.int(150, 25_000) * 100 + random.int(0, 99),
    currency: "USD",
    case_status: CASE_STATUSES[index % CASE_STATUSES.length]!,
    placed_at: new Date(placedAt).toISOString(),
    status_updated_at: new Date(statusUpdatedAt).toISOString(),
  };
  return { account, payments: demoPayments(account, placedAt, now, random) };
}

/** 0–5 payments between placement and now, newest first. */
function demoPayments(account: AccountTable, placedAt: number, now: number, random: SeededRandom): PaymentRecordTable[] {
  const count = random.int(0, 5);
  const times = Array.from({ length: count }, () => placedAt + Math.floor(random.next() * (now - placedAt)));
  times.sort((a, b) => b - a);
  return times.map((time) => {
    const method = random.pick(METHOD_WEIGHTS);
    return {
      id: newId(time),
      account_id: account.id,
      amount_minor: random.int(25, Math.max(25, Math.floor(account.face_amount_minor / 400))) * 100,
      currency: account.currency,
      method,
      outcome: random.pick(OUTCOME_WEIGHTS),
      card_last4: method === "card" ? String(random.int(1000, 9999)) : null,
      internal_note: random.next() < 0.3 ? `Agent memo: confirmed by phone with ${account.debtor_name}` : null,
      recorded_at: new Date(time).toISOString(),
    };
  });
}
