import type { ConsumerRequestDraftView } from "@connector/core/domain";
import type { ConsumerRequestDraftTable } from "../database/database-schema.js";

export const CONSUMER_REQUEST_DRAFT_VIEW_COLUMNS = [
  "id",
  "kind",
  "recipient",
  "reference",
  "channel",
  "review_status",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof ConsumerRequestDraftTable)[];

export type ConsumerRequestDraftViewRow = Pick<
  ConsumerRequestDraftTable,
  (typeof CONSUMER_REQUEST_DRAFT_VIEW_COLUMNS)[number]
>;

export function toConsumerRequestDraftView(row: ConsumerRequestDraftViewRow): ConsumerRequestDraftView {
  return {
    draftId: row.id,
    kind: "consumer_request",
    requestKind: row.kind,
    recipient: row.recipient,
    reference: row.reference,
    channel: row.channel,
    reviewStatus: row.review_status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
