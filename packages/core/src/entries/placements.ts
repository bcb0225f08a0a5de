/** `@connector/core/placements`: Placing accounts: the placement rows and amount rules, placing, conflicts, search and export. */
export {
  exportPlacements,
  PLACEMENT_EXPORT_PAGE,
  type PlacementSearch,
  placementFilter,
  searchPlacements,
} from "../placements/placement-search.js";
export { MAX_PLACEMENT_AMOUNT } from "../domain/money.js";
export {
  checkPlacement,
  listPlacements,
  type PlaceAccountsInput,
  type PlaceAccountsResult,
  placeAccounts,
} from "../placements/place-accounts.js";
export {
  MAX_PLACEMENT_ROWS,
  PLACEMENT_COLUMNS,
  type PlacementRowInput,
  placementRowSchema,
  type ValidPlacementRow,
  validatePlacementRows,
} from "../placements/placement-rows.js";
export { type CsvRows, readCsvRows, readPlacementFile } from "../placements/placement-csv.js";
export {
  findPlacementJob,
  placementJobInProgress,
  type PlacementJobView,
  type PlacementJobWorker,
  runPlacementJob,
  startPlacementJob,
} from "../placements/placement-job.js";
export { PreviewSlots } from "../placements/preview-slots.js";
export { parsePlacementAmount } from "../placements/placement-amount.js";
export {
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_ROWS,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_LIFETIME_MS,
  UPLOAD_PROBLEMS_LISTED,
  UPLOAD_SAMPLE_ROWS,
} from "../placements/placement-upload-limits.js";
export {
  beginPlacementUpload,
  cancelPlacementUpload,
  describePlacementUpload,
  type PlacementUploadPreview,
  type PlacementUploadView,
  placePlacementUpload,
  previewPlacementUpload,
  putPlacementUploadChunk,
} from "../placements/placement-uploads.js";
export { majorUnits, type PlacementTotals, placementTotals } from "../placements/placement-totals.js";
