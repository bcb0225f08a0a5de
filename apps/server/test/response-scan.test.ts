import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { buildToolCatalogue } from "@connector/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADAPTERS, type Adapter, openAdapter } from "./support/adapters.js";
import { startTestService, type TestService } from "./support/test-service.js";

/** Field names that would mean contact details, government IDs, card data or internal notes (spec §1). */
const FORBIDDEN_KEY = /email|phone|ssn|social|card|last4|pan$|cvv|note|address|birth|dob|government|tax|routing|iban|floor|debtor/i;

function keysOf(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keysOf(item, `${path}[${index}]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => [`${path}.${key}`, ...keysOf(item, `${path}.${key}`)]);
}

let service: TestService;
/** Values stored in the database that no response may ever contain. */
let secrets: string[];

beforeAll(async () => {
  service = await startTestService(EMBEDDED_TEST_DIALECT);
  const db = service.service.database.db;
  const accounts = await db.selectFrom("accounts").select(["debtor_email", "debtor_phone", "internal_note"]).execute();
  const payments = await db.selectFrom("payment_records").select("internal_note").where("internal_note", "is not", null).execute();
  secrets = [
    ...accounts.flatMap((row) => [row.debtor_email, row.debtor_phone, row.internal_note]),
    ...payments.map((row) => row.internal_note!),
  ].filter((value): value is string => typeof value === "string" && value.length > 0);
  expect(secrets.length).toBeGreaterThan(600);
});
afterAll(async () => {
  await service?.close();
});

/** Valid arguments for every tool, drawn from the demo data. */
async function argumentsFor(adapter: Adapter, workspace: "desk" | "resolve", tag: string) {
  if (workspace === "desk") {
    const accounts = (await adapter.call("list_accounts", { limit: 50 })).body.accounts;
    const saved = await adapter.call("create_placement_draft", {
      title: "Scan",
      accounts: [{ reference: "S-1", name: "Pat Doe", amount: 10 }],
      idempotencyKey: `scan-desk-${tag}-000001`,
    });
    return {
      accountIds: accounts.map((account: any) => account.accountId),
      draftId: saved.body.draft.draftId,
      saved: saved.body,
    };
  }
  const saved = await adapter.call("create_consumer_request_draft", {
    kind: "documents",
    recipient: "Harbor",
    idempotencyKey: `scan-resolve-${tag}-001`,
  });
  return { accountIds: [], draftId: saved.body.draft.draftId, saved: saved.body };
}

describe.each(ADAPTERS)("every tool's response over %s", (adapterName) => {
  it.each(["desk", "resolve"] as const)("carries no forbidden field or stored personal value (%s)", async (workspace) => {
    const { accessToken } = await service.connect({ workspace });
    const adapter = await openAdapter(adapterName, service.baseUrl, workspace, accessToken);
    try {
      const { accountIds, draftId, saved } = await argumentsFor(adapter, workspace, adapterName);
      const responses: unknown[] = [saved];
      for (const tool of buildToolCatalogue().forWorkspace(workspace)) {
        const calls: Record<string, unknown>[] =
          tool.name === "get_case_status" || tool.name === "list_payment_records"
            ? accountIds.map((accountId: string) => ({ accountId }))
            : tool.name === "get_draft_status"
              ? [{ draftId }]
              : tool.name === "list_accounts"
                ? [{ limit: 50 }]
                : tool.name === "relay_approved_offer"
                  ? [{ reference: "HRP-000123" }]
                  : tool.name.startsWith("create_")
                    ? [] // called above, with its response already in the list
                    : [{}];
        for (const args of calls) {
          const outcome = await adapter.call(tool.name, args);
          expect(outcome.ok, `${tool.name} ${JSON.stringify(args)}`).toBe(true);
          responses.push(outcome.body);
        }
      }
      expect(responses.length).toBeGreaterThan(workspace === "desk" ? 100 : 4);
      const keys = responses.flatMap((response) => keysOf(response));
      expect(keys.filter((key) => FORBIDDEN_KEY.test(key.split(".").pop()!))).toEqual([]);
      const text = JSON.stringify(responses);
      expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
    } finally {
      await adapter.close();
    }
  });
});
