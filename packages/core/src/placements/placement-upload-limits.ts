/**
 * A CSV file placed in parts (issue 39), within spec §8's 64 KiB for every request.
 *
 * The largest file is 10 MiB and 100,000 accounts. Why: a placement row is 60–120 bytes, so 10 MiB
 * holds the 100,000 rows at about 100 bytes each, twice the 5 MB / 50,000 accounts a Desk was
 * seen to have; the file is read and checked a megabyte of its parts at a time, and its accounts
 * placed by a job in seconds, not minutes. A bigger book is placed as several files, each its own preview.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_ROWS = 100_000;

/**
 * Each part is sent as the raw bytes of one request (`application/octet-stream`: no encoding
 * overhead), so a part is at most spec §8's 64 KiB, the limit of the request that carries it.
 */
export const UPLOAD_CHUNK_BYTES = 64 * 1024;

/** An upload not placed within a day is deleted: long enough to resume tomorrow morning, short enough to hold little. */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Uploads one Desk may have open at once (10 × 10 MiB at most), so stored parts stay bounded. */
export const MAX_OPEN_UPLOADS = 10;

/** The first rows a preview shows of a large file: enough to check the columns line up. */
export const UPLOAD_SAMPLE_ROWS = 20;

/** Problems listed for one file; the rest are counted. A file with a wrong column could have 100,000. */
export const UPLOAD_PROBLEMS_LISTED = 100;
