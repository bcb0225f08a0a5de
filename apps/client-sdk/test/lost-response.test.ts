import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectionError, ConnectorClient } from "../src/index.js";
import { connectAuth, newAuth, type SdkService, startSdkService } from "./support/sdk-service.js";
import { TcpProxy } from "./support/tcp-proxy.js";

let service: SdkService;
let proxy: TcpProxy;

beforeAll(async () => {
  service = await startSdkService();
  proxy = await TcpProxy.start(service.baseUrl);
});
afterAll(async () => {
  await proxy?.close();
  await service?.close();
});

describe("a draft whose response is lost after the service saved it", () => {
  it("is retried with the same idempotency key and leaves exactly one draft", async () => {
    const auth = await connectAuth(service, newAuth(service, "desk"));
    const keys: string[] = [];
    const viaProxy = new ConnectorClient({
      baseUrl: proxy.url,
      auth,
      backoff: { baseDelayMs: 20 },
      fetch: (input, init) => {
        keys.push(JSON.parse(String(init?.body)).idempotencyKey);
        return fetch(input, init);
      },
    });
    const direct = new ConnectorClient({ baseUrl: service.baseUrl, auth });
    const before = (await direct.desk.listPlacementDrafts()).drafts.length;

    await proxy.dropNextResponse();
    const saved = await viaProxy.desk.createPlacementDraft({
      title: "Lost answer",
      accounts: [{ reference: "LOST-1", name: "Robin Vale", amount: 120 }],
    });

    expect(proxy.dropped).toBe(1);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(saved.idempotencyKey).toBe(keys[0]);
    const { drafts } = await direct.desk.listPlacementDrafts();
    expect(drafts).toHaveLength(before + 1);
    expect(drafts.filter((draft) => draft.title === "Lost answer").map((draft) => draft.draftId)).toEqual([saved.draft.draftId]);
  });

  it("with no retries left, the ConnectionError carries the key, and a later call with it returns the saved draft", async () => {
    const auth = await connectAuth(service, newAuth(service, "desk"));
    const viaProxy = new ConnectorClient({ baseUrl: proxy.url, auth, maxRetries: 0 });
    const request = { title: "Retry later", accounts: [{ reference: "LOST-2", name: "Sam Reyes", amount: 45 }] };

    await proxy.dropNextResponse();
    const lost = await viaProxy.desk.createPlacementDraft(request).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(ConnectionError);
    const key = (lost as ConnectionError).idempotencyKey!;
    expect(key).toMatch(/^sdk-/);

    const again = await viaProxy.desk.createPlacementDraft({ ...request, idempotencyKey: key });
    const { drafts } = await viaProxy.desk.listPlacementDrafts();
    expect(drafts.filter((draft) => draft.title === "Retry later").map((draft) => draft.draftId)).toEqual([again.draft.draftId]);
  });
});
