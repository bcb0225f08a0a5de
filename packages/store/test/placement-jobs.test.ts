import type { UnitOfWork } from "@connector/core";
import type { BackOfficeDeps, DeskActor } from "@connector/core/back-office";
import { acceptDeskAgreement, DESK_AGREEMENT } from "@connector/core/desk-agreement";
import {
  beginPlacementUpload,
  cancelPlacementUpload,
  describePlacementUpload,
  placeAccounts,
  placePlacementUpload,
  putPlacementUploadChunk,
  runPlacementJob,
  UPLOAD_CHUNK_BYTES,
} from "@connector/core/placements";
import { describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../src/testing/index.js";
import { createDeskPerson, NOW, useDatabase } from "./support/database-fixture.js";

function csvOf(count: number, prefix: string): Uint8Array {
  const rows = ["reference,name,amount,currency,creditor"];
  for (let index = 1; index <= count; index++) rows.push(`${prefix}-${String(index).padStart(6, "0")},Holder ${index},${index}.50,USD,Northwind`);
  return new TextEncoder().encode(`${rows.join("\n")}\n`);
}

/**
 * A file placed as a job (issue 47) against the real store: saved a slice at a time yet all or none
 * as other readers see it, taken up again after an interrupted worker, failed whole when a
 * reference is placed meanwhile, one per Desk, and an upload cancelled.
 */
describe.each(TEST_DIALECTS)("placement jobs on %s", { timeout: 60_000 }, (dialect) => {
  const fixture = useDatabase(dialect, { seed: true });
  let owner: DeskActor;
  let clock = NOW;
  // On PostgreSQL as the server sets it: the next rows are checked while the last slice saves.
  const deps = (stores: UnitOfWork = fixture.stores): BackOfficeDeps => ({ stores, now: () => clock, databaseApart: dialect === "postgres" });

  /** Live accounts with this prefix, as any other reader of the Desk sees them. */
  const visible = async (prefix: string) => {
    let count = 0;
    let after: string | undefined;
    do {
      const page = await fixture.stores.placements.pageNewestFirst(fixture.demo.deskId, { reference: `${prefix}-`, limit: 500, ...(after === undefined ? {} : { after }) });
      count += page.placements.length;
      after = page.nextCursor ?? undefined;
    } while (after !== undefined);
    return count;
  };

  /** The Desk's stores, telling `afterCommit` each time one of the job's transactions has committed. */
  const watched = (afterCommit: () => Promise<void>): UnitOfWork => ({
    ...fixture.stores,
    async transaction(work) {
      const result = await fixture.stores.transaction(work);
      await afterCommit();
      return result;
    },
  });

  const sent = (prefix: string, count: number) => sentBytes(csvOf(count, prefix));

  async function sentBytes(bytes: Uint8Array) {
    const upload = await beginPlacementUpload(deps(), owner, { size: bytes.length });
    for (let index = 0; index * UPLOAD_CHUNK_BYTES < bytes.length; index++) {
      await putPlacementUploadChunk(deps(), owner, upload.uploadId, index, bytes.subarray(index * UPLOAD_CHUNK_BYTES, (index + 1) * UPLOAD_CHUNK_BYTES));
    }
    return upload;
  }

  it("saves a file a slice at a time, yet other readers see none of it until they see all of it", async () => {
    owner = { kind: "desk", deskId: fixture.demo.deskId, userId: await createDeskPerson(fixture, "owner"), role: "owner", via: "session" };
    await acceptDeskAgreement(deps(), owner, { version: DESK_AGREEMENT.version });
    const upload = await sent("VIS", 2_200);
    const seen: number[] = [];
    const job = await placePlacementUpload(
      deps(watched(async () => void seen.push(await visible("VIS")))),
      owner,
      upload.uploadId,
    );
    expect(job).toMatchObject({ state: "placed", released: true, rowsSaved: 2_200 });
    // Five save transactions (500 accounts each) committed before the one that made them live.
    expect(seen.filter((count) => count === 0).length).toBeGreaterThanOrEqual(5);
    expect(seen.every((count) => count === 0 || count === 2_200)).toBe(true);
    expect(await visible("VIS")).toBe(2_200);
  });

  it("is taken up after a worker stopped mid-way, once its lease is over, and places the file once", async () => {
    const upload = await sent("RES", 1_200);
    // A worker that stops after its second transaction: the job stays leased, part of it saved.
    let commits = 0;
    const stopped = await placeWith(
      watched(async () => {
        commits += 1;
      }),
      upload.uploadId,
      () => commits >= 2,
    );
    // Rows are saved as they are checked, so it stopped while checking, with part of the file saved.
    expect(stopped).toMatchObject({ state: "checking" });
    expect(stopped.rowsSaved).toBeGreaterThan(0);
    expect(await visible("RES")).toBe(0);
    // Another worker cannot take it while the lease holds; after it, the job ends, placed once.
    await runPlacementJob(deps(), stopped.jobId, { workerId: "second", leaseMs: 30_000 });
    expect((await fixture.stores.placementJobs.find(fixture.demo.deskId, stopped.jobId))?.state).toBe("checking");
    clock = new Date(NOW.getTime() + 60_000);
    await runPlacementJob(deps(), stopped.jobId, { workerId: "second", leaseMs: 30_000 });
    expect(await fixture.stores.placementJobs.find(fixture.demo.deskId, stopped.jobId)).toMatchObject({ state: "placed", released: true, rowsSaved: 1_200 });
    expect(await visible("RES")).toBe(1_200);
    clock = NOW;
  });

  it("fails whole when one of its references is placed while it saves, and leaves nothing of the file", async () => {
    const upload = await sent("RACE", 1_500);
    let placedMeanwhile = false;
    const job = await placePlacementUpload(
      deps(
        watched(async () => {
          if (placedMeanwhile) return;
          placedMeanwhile = true;
          // The last row of the file, placed by someone else after the file's first slice was saved.
          await placeAccounts(deps(), owner, { dryRun: false, rows: [{ reference: "RACE-001500", name: "Placed by hand", amount: 5 }] });
        }),
      ),
      owner,
      upload.uploadId,
    );
    expect(job).toMatchObject({ state: "failed", problem: { code: "reference_conflict" } });
    expect(await visible("RACE")).toBe(1);
    expect(Number((await fixture.database.db.selectFrom("accounts").select((eb) => eb.fn.countAll<number>().as("n")).where("pending_job_id", "=", job.jobId).executeTakeFirstOrThrow()).n)).toBe(0);
    // The file is kept: nothing of it was placed.
    expect((await describePlacementUpload(deps(), owner, upload.uploadId)).complete).toBe(true);
  });

  it("tells every problem of a file whose first rows were saved already: a repeat far down and a bad amount, in spreadsheet rows, and leaves nothing", async () => {
    // 6,000 rows (about 190 KB): the job reads a file 128 KB at a time, so the first piece is saved before
    // the second is read.
    const text = new TextDecoder()
      .decode(csvOf(6_000, "LATE"))
      // Row 5,201 (the header is row 1) repeats row 2's reference; row 5,401 has an amount that is not one.
      .replace("LATE-005200,", "LATE-000001,")
      .replace("LATE-005400,Holder 5400,5400.50", "LATE-005400,Holder 5400,lots");
    const upload = await sentBytes(new TextEncoder().encode(text));
    let savedBeforeTheEnd = 0;
    const job = await placePlacementUpload(
      deps(
        watched(async () => {
          savedBeforeTheEnd = Math.max(savedBeforeTheEnd, Number((await fixture.database.db.selectFrom("accounts").select((eb) => eb.fn.countAll<number>().as("n")).where("reference", "like", "LATE-%").executeTakeFirstOrThrow()).n));
        }),
      ),
      owner,
      upload.uploadId,
    );
    expect(savedBeforeTheEnd).toBeGreaterThan(0);
    expect(job).toMatchObject({ state: "failed", rowsSaved: 0 });
    expect(job.problem?.details?.map((detail) => [detail.code, detail.row])).toEqual([
      ["duplicate_reference", 5_201],
      ["invalid_amount", 5_401],
    ]);
    expect(job.problem?.details?.[0]?.message).toBe("Row 5201 repeats the reference of row 2; each reference may appear once.");
    expect(Number((await fixture.database.db.selectFrom("accounts").select((eb) => eb.fn.countAll<number>().as("n")).where("reference", "like", "LATE-%").executeTakeFirstOrThrow()).n)).toBe(0);
  });

  it("places one file per Desk at a time, and refuses parts and a second confirmation of a file being placed", async () => {
    const upload = await sent("ONE", 10);
    const other = await sent("TWO", 10);
    const stopped = await placeWith(fixture.stores, upload.uploadId, () => true);
    expect(stopped.state).toBe("checking");
    await expect(placePlacementUpload(deps(), owner, other.uploadId)).rejects.toMatchObject({ code: "placement_in_progress", status: 409 });
    await expect(placePlacementUpload(deps(), owner, upload.uploadId)).rejects.toMatchObject({ code: "upload_placing", status: 409 });
    await expect(putPlacementUploadChunk(deps(), owner, upload.uploadId, 0, new Uint8Array(1))).rejects.toMatchObject({ code: "upload_placing" });
    clock = new Date(NOW.getTime() + 60_000);
    await runPlacementJob(deps(), stopped.jobId, { workerId: "later", leaseMs: 30_000 });
    clock = NOW;
    expect(await placePlacementUpload(deps(), owner, other.uploadId)).toMatchObject({ state: "placed", rowsSaved: 10 });
  });

  it("cancels an upload: its parts go, its slot is free, and it cannot be placed", async () => {
    const upload = await sent("CAN", 10);
    expect(await cancelPlacementUpload(deps(), owner, upload.uploadId)).toEqual({ uploadId: upload.uploadId, cancelled: true });
    await expect(describePlacementUpload(deps(), owner, upload.uploadId)).rejects.toMatchObject({ code: "not_found" });
    await expect(placePlacementUpload(deps(), owner, upload.uploadId)).rejects.toMatchObject({ code: "not_found" });
    expect(await fixture.stores.placementUploads.chunks(upload.uploadId)).toEqual([]);
  });

  it("answers a part whose upload went meanwhile as gone, not with the foreign key's failure", async () => {
    const upload = await sent("GONE", 10);
    expect(await fixture.stores.placementUploads.delete(upload.uploadId)).toBe(true);
    // The part's own insert meets the missing upload (PostgreSQL 23503, SQLite's foreign key): told as gone.
    expect(await fixture.stores.placementUploads.putChunk(upload.uploadId, { index: 1, size: 1, sha256: "00", bytes: new Uint8Array(1) })).toBeUndefined();
  });

  /** Confirms the file with a runner that takes the job but hands it back when `stopAfter` says so. */
  async function placeWith(stores: UnitOfWork, uploadId: string, stopAfter: () => boolean) {
    let jobId = "";
    const runner = {
      run(id: string) {
        jobId = id;
      },
    };
    await placePlacementUpload({ ...deps(stores), placementJobs: runner }, owner, uploadId);
    await runPlacementJob(deps(stores), jobId, { workerId: "first", leaseMs: 30_000, stopping: stopAfter });
    return (await fixture.stores.placementJobs.find(fixture.demo.deskId, jobId))!;
  }
});

