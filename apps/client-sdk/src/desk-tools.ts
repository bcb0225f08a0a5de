import type {
  AccountView,
  CreatePlacementDraftInput,
  PaymentRecordView,
  PlacementDraftView,
} from "@connector/core";
import type { ConnectorClient } from "./connector-client.js";
import { newIdempotencyKey } from "./idempotency-key.js";
import type { Capabilities, DraftStatus, SavedDraft } from "./shared-types.js";

export type PlacementDraftRequest = Omit<CreatePlacementDraftInput, "idempotencyKey" | "accounts"> & {
  accounts: Array<Omit<CreatePlacementDraftInput["accounts"][number], "currency"> & { currency?: string }>;
  idempotencyKey?: string;
};

export interface AccountPage {
  accounts: AccountView[];
  nextCursor: string | null;
}

/** The Desk workspace's tools (spec §4.1). */
export class DeskTools {
  constructor(private readonly client: ConnectorClient) {}

  capabilities(): Promise<Capabilities> {
    return this.client.callTool("desk", "get_connector_capabilities");
  }

  listAccounts(page: { limit?: number; cursor?: string } = {}): Promise<AccountPage> {
    return this.client.callTool("desk", "list_accounts", { limit: page.limit ?? 20, ...page });
  }

  /** Every account of the desk, page by page: `for await (const account of desk.accounts())`. */
  async *accounts(pageSize = 50): AsyncGenerator<AccountView> {
    let cursor: string | undefined;
    do {
      const page = await this.listAccounts({ limit: pageSize, ...(cursor === undefined ? {} : { cursor }) });
      yield* page.accounts;
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  }

  getCaseStatus(accountId: string): Promise<{ account: AccountView }> {
    return this.client.callTool("desk", "get_case_status", { accountId });
  }

  listPaymentRecords(accountId: string): Promise<{ accountId: string; paymentRecords: PaymentRecordView[] }> {
    return this.client.callTool("desk", "list_payment_records", { accountId });
  }

  createPlacementDraft(request: PlacementDraftRequest): Promise<SavedDraft<PlacementDraftView>> {
    const { idempotencyKey = newIdempotencyKey(), ...content } = request;
    return this.client.callTool("desk", "create_placement_draft", { ...content, idempotencyKey });
  }

  listPlacementDrafts(): Promise<{ drafts: PlacementDraftView[] }> {
    return this.client.callTool("desk", "list_placement_drafts");
  }

  getDraftStatus(draftId: string): Promise<DraftStatus> {
    return this.client.callTool("desk", "get_draft_status", { draftId });
  }
}
