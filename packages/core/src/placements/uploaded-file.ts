import type { BackOfficeDeps } from "../back-office/back-office-deps.js";
import { ServiceError } from "../errors/service-error.js";
import { assertNoNulCharacter } from "../guard/nul-characters.js";
import type { PlacementUploadChunkInfo, PlacementUploadRecord } from "../ports/placement-upload-store.js";
import { type CsvRows, readPlacementFilePaced } from "./placement-csv.js";

export const uploadGone = () =>
  new ServiceError("not_found", "This file is no longer here: it was placed already, or it expired after a day. Check your placements, or send it again.");

/** Every part has arrived, or `upload_incomplete` saying how many have not. */
export function assertUploadComplete(upload: PlacementUploadRecord, chunks: readonly PlacementUploadChunkInfo[]): void {
  if (chunks.length === upload.chunkCount) return;
  const missing = upload.chunkCount - chunks.length;
  throw new ServiceError("upload_incomplete", `${missing} of the file's ${upload.chunkCount} parts have not arrived yet. Send them, then preview.`);
}

/**
 * A file sent in parts, read as placement rows: its parts joined, read as UTF-8 text and then as CSV
 * (the one reader of placement files), a piece at a time with other requests answered between.
 */
export async function readUploadedRows(deps: BackOfficeDeps, deskId: string, uploadId: string, pace: () => Promise<void>): Promise<CsvRows> {
  const text = await uploadedText(deps, deskId, uploadId);
  await pace();
  const read = await readPlacementFilePaced(text, pace);
  assertNoNulCharacter(read.rows, "rows");
  return read;
}

/**
 * The file's parts joined and read as UTF-8, in a function of its own so the parts and their join
 * (twice the file's size) can be collected before the text is parsed: a 10 MiB file's rows are
 * the most memory a placement holds, and the bytes need not be held beside them.
 */
async function uploadedText(deps: BackOfficeDeps, deskId: string, uploadId: string): Promise<string> {
  const upload = await deps.stores.placementUploads.find(deskId, uploadId);
  if (upload === undefined) throw uploadGone();
  assertUploadComplete(upload, await deps.stores.placementUploads.chunks(uploadId));
  const parts = await deps.stores.placementUploads.readBytes(uploadId);
  const bytes = new Uint8Array(upload.size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ServiceError("invalid_input", "The file is not a text CSV file (UTF-8). Save it from your spreadsheet as “CSV UTF-8” and send it again.", {
      field: "file",
    });
  }
}
