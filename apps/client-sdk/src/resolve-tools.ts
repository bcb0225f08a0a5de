import type { ConnectorClient } from "./connector-client.js";
import type { CallOptions, SavedDraft, ToolArguments, ToolResult } from "./tool-types.js";

/** A consumer request draft to save; `channel` defaults to `service` and `idempotencyKey` to a fresh key. */
export type ConsumerRequestDraftRequest = Omit<ToolArguments<"resolve_create_consumer_request_draft">, "idempotencyKey"> & {
  idempotencyKey?: string;
};

/** The Resolve workspace's tools (spec §4.1). Every method takes `{ signal, timeoutMs, maxRetries }` last. */
export class ResolveTools {
  constructor(private readonly client: ConnectorClient) {}

  capabilities(options?: CallOptions): Promise<ToolResult<"resolve_get_connector_capabilities">> {
    return this.client.callTool("resolve", "get_connector_capabilities", {}, options);
  }

  /** How to review debt-collection contact and prepare document or contact-preference requests. */
  getResolveGuide(options?: CallOptions): Promise<ToolResult<"resolve_get_resolve_guide">> {
    return this.client.callTool("resolve", "get_resolve_guide", {}, options);
  }

  /** Saves the consumer's request as a draft; it is never sent. The idempotency key works as for placement drafts. */
  createConsumerRequestDraft(
    request: ConsumerRequestDraftRequest,
    options?: CallOptions,
  ): Promise<SavedDraft<ToolResult<"resolve_create_consumer_request_draft">>> {
    return this.client.callDraftTool("resolve", "create_consumer_request_draft", request, options);
  }

  listConsumerRequests(options?: CallOptions): Promise<ToolResult<"resolve_list_consumer_requests">> {
    return this.client.callTool("resolve", "list_consumer_requests", {}, options);
  }

  /** An offer the creditor already approved, verbatim, with its id, expiry and review link. */
  relayApprovedOffer(
    args: ToolArguments<"resolve_relay_approved_offer">,
    options?: CallOptions,
  ): Promise<ToolResult<"resolve_relay_approved_offer">> {
    return this.client.callTool("resolve", "relay_approved_offer", args, options);
  }

  getDraftStatus(args: ToolArguments<"resolve_get_draft_status">, options?: CallOptions): Promise<ToolResult<"resolve_get_draft_status">> {
    return this.client.callTool("resolve", "get_draft_status", args, options);
  }
}
