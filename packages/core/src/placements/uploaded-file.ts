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
 * A file's rows a piece at a time, read from its text as it arrives by the one reader of placement
 * files, each piece's cells refused when one holds U+0000, with other requests answered between pieces.
 */
export async function* uploadedRowPieces(texts: AsyncIterable<string>, pace: () => Promise<void>): AsyncGenerator<CsvRows> {
  for await (const piece of placementFilePieces(texts, pace)) {
    assertNoNulCharacter(piece.rows, "rows");
    yield piece;
  }
}

/** Parts read from the store at once: a megabyte of the file (16 parts of 64 KiB). */
const PARTS_AT_ONCE = 16;

/**
 * A file sent in parts, as text read a part at a time (UTF-8, a character split between two parts
 * kept whole), so the service holds a megabyte of the file at once, not the file: the parts, their
 * join and the text of 10 MiB were some 40 MB at a time, more on PostgreSQL (whose bytes arrive as hex).
 * Each reading of the file reads it anew.
 */
export async function* uploadedText(deps: BackOfficeDeps, deskId: string, uploadId: string): AsyncGenerator<string> {
  const store = deps.stores.placementUploads;
  const upload = await store.find(deskId, uploadId);
  if (upload === undefined) throw uploadGone();
  assertUploadComplete(upload, await store.chunks(uploadId));
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for (let from = 0; from < upload.chunkCount; from += PARTS_AT_ONCE) {
    const parts = await store.readBytes(uploadId, from, PARTS_AT_ONCE);
    // Cancelled (or expired) between two readings.
    if (parts.length < Math.min(PARTS_AT_ONCE, upload.chunkCount - from)) throw uploadGone();
    for (const part of parts) yield decoded(decoder, part);
  }
  // A character cut short at the file's end is refused as any other.
  yield decoded(decoder, undefined);
}

function decoded(decoder: InstanceType<typeof TextDecoder>, part: Uint8Array | undefined): string {
  try {
    return part === undefined ? decoder.decode() : decoder.decode(part, { stream: true });
  } catch {
    throw new ServiceError("invalid_input", "The file is not a text CSV file (UTF-8). Save it from your spreadsheet as “CSV UTF-8” and send it again.", {
      field: "file",
    });
  }
}
