import type { PlacementDraftView } from "@connector/core/domain";
import type { PlacementDraftTable } from "../database/database-schema.js";

/** The saved account items stay in the row: the view reports how many, not what. */
export const PLACEMENT_DRAFT_VIEW_COLUMNS = [
  "id",
  "title",
  "account_count",
  "review_status",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof PlacementDraftTable)[];

export type PlacementDraftViewRow = Pick<PlacementDraftTable, (typeof PLACEMENT_DRAFT_VIEW_COLUMNS)[number]>;

export function toPlacementDraftView(row: PlacementDraftViewRow): PlacementDraftView {
  return {
    draftId: row.id,
    kind: "placement",
    title: row.title,
    accountCount: Number(row.account_count),
    reviewStatus: row.review_status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
