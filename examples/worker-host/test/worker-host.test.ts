import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { callHostTool, itServesTheDeskTools } from "@connector/testkit/desk-tools-host";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The built Worker (`pnpm build`: dist/worker.js) in workerd, Cloudflare's runtime, through Miniflare: nothing
// of Node inside, called over HTTP on loopback as a client would. Its Desk object keeps its SQLite in a
// temporary directory, as Cloudflare keeps an object's storage: the runtime can stop and start again on it.
// What Wrangler deploys (`wrangler.json`) is what runs here: the module, the date, the Desk object's class,
// and its SQLite storage (`new_sqlite_classes`).
const wrangler = JSON.parse(readFileSync(join(import.meta.dirname, "..", "wrangler.json"), "utf8"));
const [deskBinding] = wrangler.durable_objects.bindings as { name: string; class_name: string }[];
const DIST = join(import.meta.dirname, "..", "dist");
const WORKER_NAME = wrangler.name as string;
const keys = { deskReader: randomKey(), deskOwner: randomKey(), resolveUser: randomKey() };

let persistDir: string;
let worker: Miniflare;
let url: string;

async function startWorker(): Promise<void> {
  worker = new Miniflare({
    name: WORKER_NAME,
    modules: [{ type: "ESModule", path: join(import.meta.dirname, "..", wrangler.main) }],
    modulesRoot: DIST,
    compatibilityDate: wrangler.compatibility_date,
    durableObjects: {
      [deskBinding!.name]: {
        className: deskBinding!.class_name,
        useSQLite: wrangler.migrations.some((step: { new_sqlite_classes?: string[] }) => step.new_sqlite_classes?.includes(deskBinding!.class_name)),
      },
    },
    durableObjectsPersist: persistDir,
    // Lets the test read and write the object's SQLite from outside (`unsafeGetDurableObjectStorage`).
    unsafeInspectDurableObjects: true,
    bindings: { DESK_READER_KEY: keys.deskReader, DESK_OWNER_KEY: keys.deskOwner, RESOLVE_USER_KEY: keys.resolveUser },
    // Miniflare would otherwise fetch the `request.cf` object from Cloudflare: this test stays on loopback.
    cf: false,
    host: "127.0.0.1",
    port: 0,
  });
  url = (await worker.ready).origin;
}

/** The demo Desk object's own SQLite, as workerd keeps it (the Worker routes the whole demo to `demo`). */
async function deskStorage() {
  return worker.unsafeGetDurableObjectStorage(WORKER_NAME, deskBinding!.class_name, { name: "demo" });
}

beforeAll(async () => {
  persistDir = await mkdtemp(join(tmpdir(), "worker-host-"));
  await startWorker();
});

afterAll(async () => {
  await worker?.dispose();
  if (persistDir !== undefined) await rm(persistDir, { recursive: true, force: true });
});

describe("the Desk tools as a Cloudflare Worker (workerd, the Desk's data in a SQLite-backed Durable Object)", () => {
  itServesTheDeskTools(() => ({ url, keys }));
});

describe("a Desk's data in its Durable Object", () => {
  const host = () => ({ url, keys });
  const placement = (idempotencyKey: string, title: string) => ({
    title,
    accounts: [{ reference: "EXT-9", name: "Lee Poe", amount: 40 }],
    idempotencyKey,
  });

  it("a saved draft outlives the runtime, and its idempotency key still answers the same draft", async () => {
    const draft = placement(`lasting-${crypto.randomUUID()}`, "Placement that outlives a restart");
    const saved = await callHostTool(host(), keys.deskOwner, "create_placement_draft", draft);
    expect(saved.status).toBe(200);
    const { draftId } = saved.body.draft;

    // workerd stopped and started again on the same directory: a new process, nothing in memory.
    await worker.dispose();
    await startWorker();

    const listed = await callHostTool(host(), keys.deskOwner, "list_placement_drafts", {});
    expect(listed.status).toBe(200);
    expect(listed.body.drafts.filter((entry: { draftId: string }) => entry.draftId === draftId)).toHaveLength(1);
    const replayed = await callHostTool(host(), keys.deskOwner, "create_placement_draft", draft);
    expect(replayed.status).toBe(200);
    expect(replayed.body.draft.draftId).toBe(draftId);
    const changed = await callHostTool(host(), keys.deskOwner, "create_placement_draft", { ...draft, title: "Other content" });
    expect(changed.status).toBe(409);

    const storage = await deskStorage();
    expect(await storage.exec("select id from placement_drafts where id = ?", draftId)).toEqual([{ id: draftId }]);
    expect(await storage.exec("select count(*) as n from placement_drafts where title = ?", draft.title)).toEqual([{ n: 1 }]);
  });

  it("a failure between the steps of a draft save leaves neither a claimed key nor a draft", async () => {
    const draft = placement(`failing-${crypto.randomUUID()}`, "Placement whose save fails half-way");
    const storage = await deskStorage();
    // The save claims the key (an insert), writes the draft, then stores its answer on the key (this
    // update): failing the last step leaves both earlier writes inside the transaction, to be undone.
    await storage.exec(
      `create trigger fail_draft_answer before update of response_json on idempotency_records
       when new.response_json is not null and new.idempotency_key = '${draft.idempotencyKey}'
       begin select raise(abort, 'injected: the draft save fails after the draft is written'); end`,
    );
    try {
      const failed = await callHostTool(host(), keys.deskOwner, "create_placement_draft", draft);
      expect(failed.status).toBe(500);
      expect(await storage.exec("select count(*) as n from idempotency_records where idempotency_key = ?", draft.idempotencyKey)).toEqual([
        { n: 0 },
      ]);
      expect(await storage.exec("select count(*) as n from placement_drafts where title = ?", draft.title)).toEqual([{ n: 0 }]);
    } finally {
      await storage.exec("drop trigger fail_draft_answer");
    }

    // Nothing was claimed: the same key saves the draft now, once.
    const retried = await callHostTool(host(), keys.deskOwner, "create_placement_draft", draft);
    expect(retried.status).toBe(200);
    expect(await storage.exec("select count(*) as n from placement_drafts where title = ?", draft.title)).toEqual([{ n: 1 }]);
  });
});

function randomKey(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url");
}
