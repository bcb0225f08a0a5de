import type { BackOfficeDeps } from "../back-office/back-office-deps.js";
import { ServiceError } from "../errors/service-error.js";
import { assertNoNulCharacter } from "../guard/nul-characters.js";
import type { PlacementUploadChunkInfo, PlacementUploadRecord } from "../ports/placement-upload-store.js";
import { type CsvRows, placementFilePieces } from "./placement-csv.js";

export const uploadGone = () =>
  new ServiceError("not_found", "This file is no longer here: it was placed already, or it expired after a day. Check your placements, or send it again.");

/** Every part has arrived, or `upload_incomplete` saying how many have not. */
export function assertUploadComplete(upload: PlacementUploadRecord, chunks: readonly PlacementUploadChunkInfo[]): void {
  if (chunks.length === upload.chunkCount) return;
  const missing = upload.chunkCount - chunks.length;
  throw new ServiceError("upload_incomplete", `${missing} of the file's ${upload.chunkCount} parts have not arrived yet. Send them, then preview.`);
}

/**
 * A file's rows a piece at a time, read from its text by the one reader of placement files, each
 * piece's cells refused when one holds U+0000, with other requests answered between pieces.
 */
export async function* uploadedRowPieces(text: string, pace: () => Promise<void>): AsyncGenerator<CsvRows> {
  for await (const piece of placementFilePieces(text, pace)) {
    assertNoNulCharacter(piece.rows, "rows");
    yield piece;
  }
}

/**
 * A file sent in parts, as text: its parts joined and read as UTF-8. The parts and their join (twice
 * the file's size) are let go when this returns, before any row is read.
 */
export async function readUploadedText(deps: BackOfficeDeps, deskId: string, uploadId: string): Promise<string> {
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
