import { sha256 } from "@noble/hashes/sha2";
import { bytesToHex } from "@noble/hashes/utils";
import { assertDeskActor, type BackOfficeActor } from "../back-office/back-office-actor.js";
import { type BackOfficeDeps, clockOf } from "../back-office/back-office-deps.js";
import { requireDeskAgreement } from "../desk-agreement/require-desk-agreement.js";
import { ServiceError } from "../errors/service-error.js";
import { newId } from "../ids/uuid-v7.js";
import type { PlacementUploadRecord } from "../ports/placement-upload-store.js";
import { pacer } from "../scheduling/take-turns.js";
import { withProblemsCapped } from "./capped-problems.js";
import { agencyToPlaceWith } from "./placement-agency.js";
import { type PlacementTotals, PlacementTally } from "./placement-totals.js";
import { type PlacementJobView, startPlacementJob } from "./placement-job.js";
import type { ValidPlacementRow } from "./placement-rows.js";
import { assertUploadComplete, uploadedRowPieces, uploadedText, uploadGone } from "./uploaded-file.js";
import { PlacementCheck } from "./placement-check.js";
import {
  MAX_OPEN_UPLOADS,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_ROWS,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_LIFETIME_MS,
  UPLOAD_SAMPLE_ROWS,
} from "./placement-upload-limits.js";

/**
 * A CSV file too big for one request, placed in parts (issue 39): begin (declare its size), send
 * each part by index (in any order, again after a failure), ask which parts arrived (to resume),
 * preview the whole file once, and place all of it or none. The file is read with the same CSV
 * reader and row rules as any placement (`readPlacementFile`, `placeAccounts`).
 */

/** What an upload's owner (the page's script, an `/api/v1` client) is told about it. */
export interface PlacementUploadView {
  uploadId: string;
  size: number;
  chunkBytes: number;
  chunkCount: number;
  /** The indexes of the parts received so far, ascending. */
  received: number[];
  receivedBytes: number;
  /** Every part is here: the file can be previewed and placed. */
  complete: boolean;
  agencyDeskId: string | null;
  expiresAt: string;
}

/** The whole file checked: how many accounts would be placed, and the first few exactly as they would be saved. */
export interface PlacementUploadPreview {
  upload: PlacementUploadView;
  count: number;
  sample: ValidPlacementRow[];
  /** What the whole file adds up to, per currency (issue 48: the person checks the sum before placing). */
  totals: PlacementTotals;
}

/** Begins an upload of a file of `size` bytes; refuses an empty file or one past the largest, before a byte is sent. */
export async function beginPlacementUpload(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  input: { size: number; agencyDeskId?: string | null },
): Promise<PlacementUploadView> {
  assertDeskActor(actor);
  // Nothing is worth sending before the agreement that placing needs (spec §5.3).
  await requireDeskAgreement(deps.stores, actor.deskId);
  if (!Number.isSafeInteger(input.size) || input.size < 0) {
    throw new ServiceError("invalid_input", "size must be the file's size in bytes.", { field: "size" });
  }
  if (input.size === 0) {
    throw new ServiceError("empty_file", "The file is empty: it has no header row and no accounts. Check you chose the right file.", {
      field: "size",
    });
  }
  if (input.size > MAX_UPLOAD_BYTES) {
    throw new ServiceError(
      "payload_too_large",
      `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB, the largest one file may be. Split it into files of up to ${MAX_UPLOAD_ROWS.toLocaleString("en-US")} accounts and place each.`,
      { field: "size" },
    );
  }
  const agencyDeskId = await agencyToPlaceWith(deps, actor.deskId, input.agencyDeskId);
  const now = clockOf(deps);
  await deps.stores.placementUploads.deleteExpired(now.toISOString());
  if ((await deps.stores.placementUploads.countOpen(actor.deskId, now.toISOString())) >= MAX_OPEN_UPLOADS) {
    throw new ServiceError(
      "too_many_uploads",
      `This Desk has ${MAX_OPEN_UPLOADS} files being sent already. Place or let them expire (after a day) before sending another.`,
    );
  }
  const upload: PlacementUploadRecord = {
    uploadId: newId(now.getTime()),
    deskId: actor.deskId,
    agencyDeskId,
    size: input.size,
    chunkBytes: UPLOAD_CHUNK_BYTES,
    chunkCount: Math.ceil(input.size / UPLOAD_CHUNK_BYTES),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + UPLOAD_LIFETIME_MS).toISOString(),
  };
  await deps.stores.placementUploads.create(upload);
  return view(upload, []);
}

/**
 * Stores part `index`. Every part but the last is exactly `chunkBytes` long and the last holds the
 * rest, so the parts add up to the declared size. Sending a part again with the same bytes is a
 * harmless retry; with other bytes it is refused (`chunk_conflict`): the file changed since it began.
 */
export async function putPlacementUploadChunk(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  uploadId: string,
  index: number,
  bytes: Uint8Array,
): Promise<PlacementUploadView> {
  const upload = await liveUpload(deps, actor, uploadId);
  if (!Number.isSafeInteger(index) || index < 0 || index >= upload.chunkCount) {
    throw new ServiceError("invalid_input", `The part number must be from 0 to ${upload.chunkCount - 1}.`, { field: "index" });
  }
  const expected = index < upload.chunkCount - 1 ? upload.chunkBytes : upload.size - upload.chunkBytes * (upload.chunkCount - 1);
  if (bytes.length !== expected) {
    throw new ServiceError("invalid_input", `Part ${index} must be ${expected} bytes; ${bytes.length} arrived.`, { field: "body" });
  }
  const digest = bytesToHex(sha256(bytes));
  const stored = await deps.stores.placementUploads.putChunk(upload.uploadId, { index, size: bytes.length, sha256: digest, bytes });
  if (stored === undefined) throw uploadGone();
  if (stored.sha256 !== digest) {
    throw new ServiceError("chunk_conflict", `Part ${index} arrived before with other bytes: the file changed. Start the upload again.`, {
      field: "index",
    });
  }
  return view(upload, await deps.stores.placementUploads.chunks(upload.uploadId));
}

/** Which parts have arrived: what a client asks to resume. */
export async function describePlacementUpload(deps: BackOfficeDeps, actor: BackOfficeActor, uploadId: string): Promise<PlacementUploadView> {
  const upload = await liveUpload(deps, actor, uploadId);
  return view(upload, await deps.stores.placementUploads.chunks(upload.uploadId));
}

/**
 * The whole file checked as it would be placed (every row, every rule), nothing saved. A slice at a
 * time, other requests answered between; one preview per Desk at a time (`previewSlots`).
 */
export async function previewPlacementUpload(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  uploadId: string,
): Promise<PlacementUploadPreview> {
  const record = await liveUpload(deps, actor, uploadId);
  const upload = view(record, await deps.stores.placementUploads.chunks(record.uploadId));
  const preview = async () => {
    const pace = pacer(deps.takeTurn);
    try {
      // Checked as it is read, a piece at a time: only the sample and the totals are kept.
      let check: PlacementCheck | undefined;
      const sample: ValidPlacementRow[] = [];
      const tally = new PlacementTally();
      for await (const piece of uploadedRowPieces(uploadedText(deps, record.deskId, record.uploadId), pace)) {
        // Opened once the file reads as CSV: an empty file or a wrong header is told first, as it was.
        check ??= await PlacementCheck.open(deps, record.deskId, { agencyDeskId: record.agencyDeskId, maxRows: MAX_UPLOAD_ROWS, csv: true });
        for await (const valid of check.slices(piece.rows, piece.rowNumbers, pace)) {
          for (const row of valid.slice(0, UPLOAD_SAMPLE_ROWS - sample.length)) sample.push(row);
          tally.add(valid);
        }
      }
      // A file that reads has a piece, so the check is open here.
      await check!.close(pace);
      return { upload, count: check!.count, sample, totals: tally.totals() };
    } catch (error) {
      throw withProblemsCapped(error);
    }
  };
  return deps.previewSlots === undefined ? preview() : deps.previewSlots.run(record.deskId, preview);
}

/**
 * Places every account of the file, or none, as a job (issue 47): answers at once with the job,
 * which a person watches on its page and a program at `/api/v1/placements/jobs/{jobId}`. The upload
 * is deleted when its accounts go live, so a second confirmation (a reload, a double click) finds
 * no upload and places nothing.
 */
export async function placePlacementUpload(deps: BackOfficeDeps, actor: BackOfficeActor, uploadId: string): Promise<PlacementJobView> {
  const record = await liveUpload(deps, actor, uploadId);
  assertUploadComplete(record, await deps.stores.placementUploads.chunks(record.uploadId));
  await requireDeskAgreement(deps.stores, record.deskId);
  return startPlacementJob(deps, record.deskId, { uploadId: record.uploadId, agencyDeskId: record.agencyDeskId });
}

/**
 * Cancels an upload the Desk will not place (issue 47): the file and its parts are deleted and its
 * slot is free for another file at once, instead of a day later. Not while it is being placed.
 */
export async function cancelPlacementUpload(deps: BackOfficeDeps, actor: BackOfficeActor, uploadId: string): Promise<{ uploadId: string; cancelled: true }> {
  const upload = await liveUpload(deps, actor, uploadId);
  if (!(await deps.stores.placementUploads.delete(upload.uploadId))) throw uploadGone();
  return { uploadId: upload.uploadId, cancelled: true };
}

/** The Desk's upload while it can still be sent, previewed or placed: not expired, and not being placed by a job. */
async function liveUpload(deps: BackOfficeDeps, actor: BackOfficeActor, uploadId: string): Promise<PlacementUploadRecord> {
  assertDeskActor(actor);
  const upload = await deps.stores.placementUploads.find(actor.deskId, uploadId.toLowerCase());
  if (upload === undefined || upload.expiresAt <= clockOf(deps).toISOString()) throw uploadGone();
  const job = await deps.stores.placementJobs.findByUpload(upload.uploadId);
  if (job !== undefined && (job.state === "checking" || job.state === "saving")) {
    throw new ServiceError("upload_placing", "This file is being placed right now; its progress is on Place accounts. It cannot be changed or placed again meanwhile.");
  }
  return upload;
}

function view(upload: PlacementUploadRecord, chunks: ReadonlyArray<{ index: number; size: number }>): PlacementUploadView {
  const received = chunks.map((chunk) => chunk.index).sort((a, b) => a - b);
  return {
    uploadId: upload.uploadId,
    size: upload.size,
    chunkBytes: upload.chunkBytes,
    chunkCount: upload.chunkCount,
    received,
    receivedBytes: chunks.reduce((sum, chunk) => sum + chunk.size, 0),
    complete: received.length === upload.chunkCount,
    agencyDeskId: upload.agencyDeskId,
    expiresAt: upload.expiresAt,
  };
}
