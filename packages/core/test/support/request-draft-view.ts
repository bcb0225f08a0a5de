import type { ConsumerRequestDraftView } from "../../src/domain/views.js";

/** A consumer request draft as the pages and letters read it: a documents request to a collector, unless overridden. */
export const requestDraftView = (overrides: Partial<ConsumerRequestDraftView> = {}): ConsumerRequestDraftView => ({
  draftId: "00000000-0000-4000-8000-000000000001",
  kind: "consumer_request",
  requestKind: "documents",
  recipient: "Harbor Recovery Partners",
  reference: "HRP-000123",
  channel: "service",
  reviewStatus: "awaiting_review",
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: "2026-11-23T10:00:00.000Z",
  ...overrides,
});
