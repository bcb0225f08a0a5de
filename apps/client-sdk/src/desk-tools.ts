import type { ConnectorClient } from "./connector-client.js";
import type { CallOptions, SavedDraft, ToolArguments, ToolResult } from "./tool-types.js";

export type AccountPage = ToolResult<"desk_list_accounts">;
export type Account = AccountPage["accounts"][number];
type DraftArguments = ToolArguments<"desk_create_placement_draft">;

/** A placement draft to save; `currency` defaults to USD and `idempotencyKey` to a fresh key. */
export type PlacementDraftRequest = Omit<DraftArguments, "idempotencyKey"> & { idempotencyKey?: string };

/** The Desk workspace's tools (spec §4.1). Every method takes `{ signal, timeoutMs, maxRetries }` last. */
export class DeskTools {
  constructor(private readonly client: ConnectorClient) {}

  /** The connected workspace, granted permissions, tools, review steps and the actions never taken. Call it first. */
  capabilities(options?: CallOptions): Promise<ToolResult<"desk_get_connector_capabilities">> {
    return this.client.callTool("desk", "get_connector_capabilities", {}, options);
  }

  /** One page of the desk's accounts (`limit` 1..50, default 20); pass `nextCursor` as `cursor` to continue. */
  listAccounts(page: ToolArguments<"desk_list_accounts"> = {}, options?: CallOptions): Promise<AccountPage> {
    return this.client.callTool("desk", "list_accounts", page, options);
  }

  /** Every account of the desk, page by page: `for await (const account of client.desk.accounts())`. */
  async *accounts(pageSize = 50, options?: CallOptions): AsyncGenerator<Account, void, undefined> {
    let cursor: string | null = null;
    do {
      const page: AccountPage = await this.listAccounts(cursor === null ? { limit: pageSize } : { limit: pageSize, cursor }, options);
      yield* page.accounts;
      cursor = page.nextCursor;
    } while (cursor !== null);
  }

  getCaseStatus(args: ToolArguments<"desk_get_case_status">, options?: CallOptions): Promise<ToolResult<"desk_get_case_status">> {
    return this.client.callTool("desk", "get_case_status", args, options);
  }

  listPaymentRecords(
    args: ToolArguments<"desk_list_payment_records">,
    options?: CallOptions,
  ): Promise<ToolResult<"desk_list_payment_records">> {
    return this.client.callTool("desk", "list_payment_records", args, options);
  }

  /**
   * Saves a placement draft for a person to review; nothing is placed or sent. The idempotency key
   * (yours, or one chosen here) is the same on every retry, and comes back on the result and on any
   * error as `idempotencyKey`.
   */
  createPlacementDraft(
    request: PlacementDraftRequest,
    options?: CallOptions,
  ): Promise<SavedDraft<ToolResult<"desk_create_placement_draft">>> {
    return this.client.callDraftTool("desk", "create_placement_draft", request, options);
  }

  listPlacementDrafts(options?: CallOptions): Promise<ToolResult<"desk_list_placement_drafts">> {
    return this.client.callTool("desk", "list_placement_drafts", {}, options);
  }

  getDraftStatus(args: ToolArguments<"desk_get_draft_status">, options?: CallOptions): Promise<ToolResult<"desk_get_draft_status">> {
    return this.client.callTool("desk", "get_draft_status", args, options);
  }
}
