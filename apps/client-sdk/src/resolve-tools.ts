import type { ApprovedOfferView, ConsumerRequestDraftView, CreateConsumerRequestDraftInput } from "@connector/core";
import type { ConnectorClient } from "./connector-client.js";
import { newIdempotencyKey } from "./idempotency-key.js";
import type { Capabilities, DraftStatus, SavedDraft } from "./shared-types.js";

export type ConsumerRequestDraftRequest = Omit<CreateConsumerRequestDraftInput, "idempotencyKey" | "channel"> & {
  channel?: CreateConsumerRequestDraftInput["channel"];
  idempotencyKey?: string;
};

export interface RelayedOffer {
  offer: ApprovedOfferView & { reviewUrl: string };
  notice: string;
}

/** The Resolve workspace's tools (spec §4.1). */
export class ResolveTools {
  constructor(private readonly client: ConnectorClient) {}

  capabilities(): Promise<Capabilities> {
    return this.client.callTool("resolve", "get_connector_capabilities");
  }

  guide(): Promise<{ guide: Record<string, unknown> }> {
    return this.client.callTool("resolve", "get_resolve_guide");
  }

  createConsumerRequestDraft(request: ConsumerRequestDraftRequest): Promise<SavedDraft<ConsumerRequestDraftView>> {
    const { idempotencyKey = newIdempotencyKey(), ...content } = request;
    return this.client.callTool("resolve", "create_consumer_request_draft", { ...content, idempotencyKey });
  }

  listConsumerRequests(): Promise<{ requests: ConsumerRequestDraftView[] }> {
    return this.client.callTool("resolve", "list_consumer_requests");
  }

  relayApprovedOffer(reference: string): Promise<RelayedOffer> {
    return this.client.callTool("resolve", "relay_approved_offer", { reference });
  }

  getDraftStatus(draftId: string): Promise<DraftStatus> {
    return this.client.callTool("resolve", "get_draft_status", { draftId });
  }
}
