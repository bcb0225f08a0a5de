/** A CSV file a Desk sends in parts (issue 39): what was declared when it began. */
export interface PlacementUploadRecord {
  uploadId: string;
  deskId: string;
  /** The agency the accounts are placed with, chosen when the upload began; null for this Desk only. */
  agencyDeskId: string | null;
  /** The whole file's size in bytes, as declared. */
  size: number;
  /** Every part but the last is exactly this long. */
  chunkBytes: number;
  chunkCount: number;
  createdAt: string;
  expiresAt: string;
}

/** One part as stored: its index, length and SHA-256 (hex), so a resent part is recognised. */
export interface PlacementUploadChunkInfo {
  index: number;
  size: number;
  sha256: string;
}

/** Uploads in progress and their parts; an upload is deleted once placed or expired. */
export interface PlacementUploadStore {
  create(upload: PlacementUploadRecord): Promise<void>;
  /** The Desk's upload, expired or not (the caller decides); undefined when unknown or another Desk's. */
  find(deskId: string, uploadId: string): Promise<PlacementUploadRecord | undefined>;
  /** How many of the Desk's uploads have not expired at `now`. */
  countOpen(deskId: string, now: string): Promise<number>;
  /**
   * Stores a part unless one with that index is there already; returns what is stored at that
   * index afterwards (the new part, or the one sent before), so the caller can compare hashes;
   * undefined when the upload is gone meanwhile (placed, expired or cancelled).
   */
  putChunk(uploadId: string, chunk: PlacementUploadChunkInfo & { bytes: Uint8Array }): Promise<PlacementUploadChunkInfo | undefined>;
  /** The parts received so far, by index. */
  chunks(uploadId: string): Promise<PlacementUploadChunkInfo[]>;
  /** The bytes of up to `count` parts from index `from`, in index order (fewer when the upload is gone). */
  readBytes(uploadId: string, from: number, count: number): Promise<Uint8Array[]>;
  /** Deletes the upload and its parts; returns whether it was there (a second confirmation finds nothing). */
  delete(uploadId: string): Promise<boolean>;
  /** Deletes every upload (with its parts) that expired before `now`, but one a job is placing; returns how many. */
  deleteExpired(now: string): Promise<number>;
}
