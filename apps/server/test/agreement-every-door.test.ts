import { createUser } from "@connector/auth";
import { DESK_AGREEMENT } from "@connector/core/desk-agreement";
import { createAuthStores } from "@connector/store";
import { TEST_DIALECTS } from "@connector/store/testing";
import { BrowserSession } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiResponse, ApiSession, callWithBearer } from "./support/api-v1-client.js";
import { createDeskWithOwner } from "./support/desk-users.js";
import { startTestService, type TestService } from "./support/test-service.js";

/**
 * Spec §5.3: adding live accounts needs the Desk owner's acceptance of the current Desk agreement,
 * at every door: /api/v1/placements with a session or a desk key, the place screen, draft approval.
 */
describe.each(TEST_DIALECTS)("no placement before the owner accepts the Desk agreement, on %s", (dialect) => {
  let service: TestService;
  let deskId: string;
  let owner: ApiSession;
  let member: ApiSession;
  let key: string;
  let page: BrowserSession;
  beforeAll(async () => {
    service = await startTestService(dialect);
    const desk = await createDeskWithOwner(service, "creditor", "Quayside Credit");
    deskId = desk.deskId;
    owner = await ApiSession.signIn(service.baseUrl, desk.user);
    const memberUser = { email: `member-${deskId}@creditor.example`, password: "quayside-member-password" };
    await createUser({ stores: createAuthStores(service.service.database), ...memberUser, displayName: "Quayside member", deskId, deskRole: "member" });
    member = await ApiSession.signIn(service.baseUrl, memberUser);
    key = (await owner.call("POST", "/keys", { name: "importer" })).body.key;
    page = new BrowserSession(service.baseUrl);
    await page.signIn(memberUser.email, memberUser.password);
  });
  afterAll(async () => {
    await service?.close();
  });

  const accounts = (reference: string) => ({ accounts: [{ reference, name: "Ada Agreement", amount: 10 }] });
  const placedOnDesk = async () =>
    (await service.service.database.db.selectFrom("accounts").select("reference").where("desk_id", "=", deskId).execute()).map((row) => row.reference);

  /** The place screen's preview as a browser sends it (one account), with its form's token; save goes through the same operation. */
  async function previewByPage(reference: string): Promise<Response> {
    const html = await (await page.request("/desk/place")).text();
    const token = /action="\/desk\/place\/preview"[^>]*><input type="hidden" name="csrf_token" value="([^"]+)"/.exec(html)?.[1] ?? "";
    return page.postForm("/desk/place/preview", { csrf_token: token, reference, name: "Ada Agreement", amount: "10" });
  }

  const expectRefused = (answer: ApiResponse) => {
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe("agreement_required");
    expect(answer.body.error.message).toContain(DESK_AGREEMENT.version);
  };

  it("refuses the owner's and a member's session and the desk key, dry run or not, and the place screen", async () => {
    expectRefused(await owner.call("POST", "/placements", accounts("Q-1")));
    expectRefused(await owner.call("POST", "/placements?dryRun=1", accounts("Q-1")));
    expectRefused(await member.call("POST", "/placements", accounts("Q-2")));
    expectRefused(await callWithBearer(service.baseUrl, key, "POST", "/placements", accounts("Q-3")));
    expectRefused(await callWithBearer(service.baseUrl, key, "POST", "/placements", "reference,name,amount\nQ-4,Ada Agreement,10", { csv: true }));
    // The place screen offers no form to place with: a member reads who must accept (the walk: pages-place-agreement-browser).
    const screen = await (await page.request("/desk/place")).text();
    expect(screen).toContain("owner must accept the Desk agreement before accounts can be placed.");
    expect(screen).not.toContain('action="/desk/place/preview"');
    expect(screen).not.toContain('action="/desk/place/agreement"');
    expect(await placedOnDesk()).toEqual([]);
  });

  it("the same doors place once the owner has accepted the current version", async () => {
    await owner.acceptAgreement();
    expect((await owner.call("POST", "/placements", accounts("Q-11"))).status).toBe(200);
    expect((await member.call("POST", "/placements", accounts("Q-12"))).status).toBe(200);
    expect((await callWithBearer(service.baseUrl, key, "POST", "/placements", accounts("Q-13"))).status).toBe(200);
    const preview = await previewByPage("Q-14");
    expect(preview.status).toBe(200);
    expect((await placedOnDesk()).sort()).toEqual(["Q-11", "Q-12", "Q-13"]);
  });

  it("a member's acceptance never counts (only an owner accepts), and another Desk's acceptance does not carry over", async () => {
    expect((await member.call("POST", "/agreement/accept", { version: DESK_AGREEMENT.version })).body.error.code).toBe("owner_required");
    const other = await createDeskWithOwner(service, "buyer", "Unaccepted Buyers");
    const otherOwner = await ApiSession.signIn(service.baseUrl, other.user);
    expectRefused(await otherOwner.call("POST", "/placements", accounts("U-1")));
  });
});
