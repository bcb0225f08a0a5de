import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * better-sqlite3 must survive its statements being garbage-collected on the Node it runs on (12 aborted
 * on Node 24.19+: docs/decisions.md, "Today's platform"). A process of its own, so an abort is a failed
 * test and not a dead test runner; CI runs this on Node 24 and on 22.
 */
describe("SQLite under statement garbage collection", () => {
  it("survives thousands of collected statements across many opens and closes, and worker threads ending with theirs open", async () => {
    const dir = await mkdtemp(join(tmpdir(), "store-gc-stress-"));
    try {
      const script = join(import.meta.dirname, "fixtures/statement-gc-stress.mjs");
      const run = spawnSync(process.execPath, ["--expose-gc", script, dir], { encoding: "utf8", timeout: 80_000 });
      expect(run.signal, run.stderr).toBeNull();
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toBe("survived 60000 statements over 40 opens and 24 workers\n");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
