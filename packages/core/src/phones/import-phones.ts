import { newId } from "../ids/uuid-v7.js";
import { assertDeskActor, type BackOfficeActor } from "../back-office/back-office-actor.js";
import { type BackOfficeDeps, clockOf } from "../back-office/back-office-deps.js";
import { assertNoForbiddenPersonalData } from "../guard/personal-data-guard.js";
import type { NewAccountPhone } from "../ports/agency-phone-escalation-stores.js";
import { parseShape } from "../schemas/parse-arguments.js";
import { maskPhone, normalizePhone } from "./normalize-phone.js";
import { phoneImportInputSchema } from "./phone-import-schema.js";

export type PhoneRowStatus = "new" | "on_file" | "invalid";
export type PhoneRowProblem = "invalid_phone" | "unknown_account" | "duplicate_row";

/** One row of the report. The number itself is never echoed, only a masked form. */
export interface PhoneImportRow {
  /** 1-based position in `phones`. */
  row: number;
  reference: string;
  status: PhoneRowStatus;
  problem?: PhoneRowProblem;
  masked?: string;
  country?: string;
}

export interface PhoneImportReport {
  dryRun: boolean;
  /** The saved batch, or null for a dry run. */
  batchId: string | null;
  source: string;
  counts: { rows: number; new: number; onFile: number; invalid: number };
  rows: PhoneImportRow[];
}

/**
 * POST /api/v1/phones/import. Every row is checked and reported; the valid new numbers are saved
 * in one transaction with the batch (its `source`, its counts) and their accounts count as
 * skip-traced from then on. A number already on file for the account is reported `on_file` and not
 * saved twice. `dryRun` answers the same report and writes nothing.
 */
export async function importPhones(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  input: unknown,
  options: { dryRun: boolean },
): Promise<PhoneImportReport> {
  assertDeskActor(actor);
  const { source, defaultCountry, phones } = parseShape(phoneImportInputSchema, input);
  // Free text goes through the guard; the numbers themselves are checked as phone numbers instead
  // (a valid ten-digit number must not be mistaken for a routing number).
  assertNoForbiddenPersonalData({ source, phones: phones.map((row) => ({ reference: row.reference })) });

  const now = clockOf(deps);
  return deps.stores.transaction(async ({ phones: store }) => {
    const accountIds = await store.findAccountIds(actor.deskId, [...new Set(phones.map((row) => row.reference))]);
    const rows: PhoneImportRow[] = [];
    const candidates: Array<{ index: number; phone: NewAccountPhone }> = [];
    const seen = new Set<string>();
    phones.forEach((item, index) => {
      const row: PhoneImportRow = { row: index + 1, reference: item.reference, status: "invalid" };
      rows.push(row);
      const normalized = normalizePhone(item.phone, defaultCountry);
      const accountId = accountIds.get(item.reference);
      if (!normalized.ok) row.problem = normalized.problem;
      else if (accountId === undefined) row.problem = "unknown_account";
      else {
        row.masked = maskPhone(normalized.e164);
        if (normalized.country !== undefined) row.country = normalized.country;
        const key = `${accountId} ${normalized.e164}`;
        if (seen.has(key)) row.problem = "duplicate_row";
        else {
          seen.add(key);
          candidates.push({ index, phone: { accountId, e164: normalized.e164 } });
        }
      }
    });

    const onFile = await store.existingPhones(candidates.map((candidate) => candidate.phone));
    const fresh: NewAccountPhone[] = [];
    for (const { index, phone } of candidates) {
      const isOnFile = onFile.has(`${phone.accountId} ${phone.e164}`);
      rows[index]!.status = isOnFile ? "on_file" : "new";
      if (!isOnFile) fresh.push(phone);
    }
    const counts = {
      rows: rows.length,
      new: fresh.length,
      onFile: candidates.length - fresh.length,
      invalid: rows.length - candidates.length,
    };

    let batchId: string | null = null;
    if (!options.dryRun) {
      batchId = newId(now.getTime());
      await store.saveImport(
        {
          batchId,
          deskId: actor.deskId,
          source,
          rowCount: counts.rows,
          validCount: counts.new + counts.onFile,
          invalidCount: counts.invalid,
          createdByUserId: actor.userId,
          createdAt: now.toISOString(),
        },
        fresh,
      );
    }
    return { dryRun: options.dryRun, batchId, source, counts, rows };
  });
}
