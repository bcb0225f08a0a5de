import { expect, it } from "vitest";

/** A running host of the connector tools (`examples/*-host`): where it listens and its Desk users' API keys. */
export interface DeskToolsHost {
  url: string;
  keys: { deskReader: string; deskOwner: string };
}

/** One tool call as a client makes it: `POST /tools/{name}` with a bearer key and a JSON body. */
export async function callHostTool(host: DeskToolsHost, key: string, tool: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(new URL(`/tools/${tool}`, host.url), {
    method: "POST",
    // A connection per call: workerd closes an idle kept-alive connection as Node's fetch may be
    // sending the next call on it (ECONNRESET, seen once in a loaded full run). Keep-alive is not
    // what these checks are about.
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", connection: "close" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * What every host of the Desk tools must do, whatever its runtime and database driver: the checks are
 * written once and each host's test runs them against the host it started (`host()` is read per test,
 * after the file's `beforeAll`). Call inside a `describe`.
 */
export function itServesTheDeskTools(host: () => DeskToolsHost): void {
  it("listens on loopback", () => {
    expect(new URL(host().url).hostname).toBe("127.0.0.1");
  });

  it("list_accounts pages the seeded desk's accounts, without the people behind them", async () => {
    const first = await callHostTool(host(), host().keys.deskReader, "list_accounts", { limit: 5 });
    expect(first.status).toBe(200);
    expect(first.body.accounts).toHaveLength(5);
    for (const account of first.body.accounts) {
      expect(account.reference).toMatch(/^HRP-/);
      expect(Object.keys(account).sort()).toEqual(["accountId", "caseStatus", "faceAmount", "placedAt", "reference", "statusUpdatedAt"]);
    }
    const next = await callHostTool(host(), host().keys.deskReader, "list_accounts", { limit: 5, cursor: first.body.nextCursor });
    expect(next.status).toBe(200);
    const seen = new Set(first.body.accounts.map((account: { accountId: string }) => account.accountId));
    expect(next.body.accounts.filter((account: { accountId: string }) => seen.has(account.accountId))).toEqual([]);
  });

  it("create_placement_draft saves a draft once per idempotency key, in one transaction", async () => {
    const key = `host-check-${crypto.randomUUID()}`;
    const draft = { title: "Placement from a host check", accounts: [{ reference: "EXT-1", name: "Pat Doe", amount: 125.5 }], idempotencyKey: key };
    const saved = await callHostTool(host(), host().keys.deskOwner, "create_placement_draft", draft);
    expect(saved.status).toBe(200);
    expect(saved.body.draft).toMatchObject({ kind: "placement", title: draft.title, accountCount: 1, reviewStatus: expect.any(String) });
    expect(saved.body.reviewUrl).toBe(`${new URL(host().url).origin}/drafts/${saved.body.draft.draftId}`);

    // A retry answers the same draft; other content under the same key is refused and saves nothing.
    const retried = await callHostTool(host(), host().keys.deskOwner, "create_placement_draft", draft);
    expect(retried.body.draft.draftId).toBe(saved.body.draft.draftId);
    const changed = await callHostTool(host(), host().keys.deskOwner, "create_placement_draft", { ...draft, title: "Something else" });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ error: { code: "idempotency_conflict", field: "idempotencyKey" } });

    const listed = await callHostTool(host(), host().keys.deskOwner, "list_placement_drafts", {});
    expect(listed.body.drafts.filter((entry: { draftId: string }) => entry.draftId === saved.body.draft.draftId)).toHaveLength(1);
  });

  it("create_placement_draft needs desk:drafts: 403 for a reader, nothing saved", async () => {
    const refused = await callHostTool(host(), host().keys.deskReader, "create_placement_draft", {
      title: "Not saved",
      accounts: [{ reference: "EXT-2", name: "Sam Roe", amount: 10 }],
      idempotencyKey: `host-check-${crypto.randomUUID()}`,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: "insufficient_scope" } });
    expect((await callHostTool(host(), host().keys.deskReader, "list_placement_drafts", {})).body.drafts).toEqual([]);
  });
}
