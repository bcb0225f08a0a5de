import { newId } from "@connector/core/domain";
import type { BackOfficeDeps, DeskActor } from "@connector/core/back-office";
import { acceptDeskAgreement, DESK_AGREEMENT } from "@connector/core/desk-agreement";
import { beginPlacementUpload, placePlacementUpload, putPlacementUploadChunk } from "@connector/core/placements";
import { createStores, seedDemoData } from "@connector/store";
import { createDatabase } from "@connector/store/node";
import { createTestDatabase, MIGRATED_TEMPLATE, TEST_DIALECTS } from "@connector/store/testing";
import { describe, expect, it } from "vitest";
import { createPlacementJobRunner } from "../src/index.js";

const NOW = new Date("2026-11-22T12:00:00.000Z");

async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, withinMs: number): Promise<T> {
  const giveUpAt = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > giveUpAt) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The host's placement job runner (issue 47): a job whose worker died is taken up by the runner's
 * sweep once its lease is over, and the same sweep deletes uploads nobody placed or cancelled
 * within their day, so they do not hold the Desk's slots until someone begins another file.
 */
describe.each(TEST_DIALECTS)("the placement job runner on %s", { timeout: 60_000 }, (dialect) => {
  it("takes up a job left by a dead worker after its lease, and sweeps expired uploads", async () => {
    const testDatabase = await createTestDatabase(dialect, { prefix: "runner_test", template: MIGRATED_TEMPLATE });
    const database = await createDatabase({ url: testDatabase.url });
    try {
      const stores = createStores(database);
      const demo = await seedDemoData(database, { now: NOW });
      let clock = NOW;
      const deps: BackOfficeDeps = { stores, now: () => clock };
      const userId = newId();
      await database.db
        .withTables<{ users: any }>()
        .insertInto("users")
        .values({ id: userId, email: `${userId}@desk.example`, password_hash: "x", display_name: "Owner", desk_id: demo.deskId, desk_role: "owner", consumer_id: null, created_at: NOW.toISOString() })
        .execute();
      const owner: DeskActor = { kind: "desk", deskId: demo.deskId, userId, role: "owner", via: "session" };
      await acceptDeskAgreement(deps, owner, { version: DESK_AGREEMENT.version });
      const rows = ["reference,name,amount"];
      for (let index = 1; index <= 300; index++) rows.push(`SWP-${index},Holder ${index},${index}.25`);
      const file = new TextEncoder().encode(`${rows.join("\n")}\n`);
      const placed = await beginPlacementUpload(deps, owner, { size: file.length });
      await putPlacementUploadChunk(deps, owner, placed.uploadId, 0, file);
      // Begun a day and an hour ago, never placed nor cancelled.
      clock = new Date(NOW.getTime() - 25 * 60 * 60 * 1000);
      const forgotten = await beginPlacementUpload(deps, owner, { size: file.length });
      clock = NOW;
      // A worker took the job and died: stored, leased for 30 s, never run.
      const job = await placePlacementUpload({ ...deps, placementJobs: { run: () => {} } }, owner, placed.uploadId);
      expect(await stores.placementJobs.claim(job.jobId, "dead-worker", NOW.toISOString(), new Date(NOW.getTime() + 30_000).toISOString())).toBeDefined();

      // A minute later the dead worker's lease is over.
      clock = new Date(NOW.getTime() + 60_000);
      const runner = createPlacementJobRunner(deps, { sweepMs: 50 });
      await runner.start();
      try {
        const done = await until(() => stores.placementJobs.find(demo.deskId, job.jobId), (found) => found?.released === true || found?.state === "failed", 20_000);
        expect(done).toMatchObject({ state: "placed", rowsSaved: 300, released: true });
        expect(await until(() => stores.placementUploads.find(demo.deskId, forgotten.uploadId), (found) => found === undefined, 5_000)).toBeUndefined();
      } finally {
        await runner.stop();
      }
    } finally {
      await database.close();
      await testDatabase.drop();
    }
  });
});
