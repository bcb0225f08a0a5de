import { DEMO_OTHER_DESK_NAME } from "@connector/store";
import { TEST_DIALECTS } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession, callWithBearer } from "./support/api-v1-client.js";
import { createDeskWithOwner } from "./support/desk-users.js";
import { createOtherDeskUser } from "./support/extra-users.js";
import { startTestService, type TestService } from "./support/test-service.js";

const HOUR_MS = 3_600_000;

describe.each(TEST_DIALECTS)("agency invites over /api/v1 on %s", (dialect) => {
  let service: TestService;
  let clockOffset = 0;
  let agency: ApiSession; // Harbor, the demo agency desk
  let creditor: ApiSession; // Northwind, the demo creditor desk
  let buyer: ApiSession;
  let buyerDeskId: string;
  let creditorDeskId: string;
  let harborDeskId: string;

  beforeAll(async () => {
    service = await startTestService(dialect, { now: () => Date.now() + clockOffset });
    harborDeskId = service.service.demo!.summary.deskId;
    creditorDeskId = service.service.demo!.summary.otherDeskId;
    agency = await ApiSession.signIn(service.baseUrl, DEMO_USERS.deskOwner);
    creditor = await ApiSession.signIn(service.baseUrl, await createOtherDeskUser(service));
    // Northwind's owner has accepted the Desk agreement, so its member may place (spec §5.3).
    await (await ApiSession.signIn(service.baseUrl, await createOtherDeskUser(service, "owner"))).acceptAgreement();
    const buyerDesk = await createDeskWithOwner(service, "buyer", "Bayside Debt Buyers");
    buyerDeskId = buyerDesk.deskId;
    buyer = await ApiSession.signIn(service.baseUrl, buyerDesk.user);
  });
  afterAll(async () => {
    await service?.close();
  });

  const tokenOf = (url: string) => decodeURIComponent(url.slice(url.lastIndexOf("/") + 1));
  const peek = (token: string) => callWithBearer(service.baseUrl, undefined, "GET", `/agency/invites/peek?token=${encodeURIComponent(token)}`);
  const mint = async (session: ApiSession = agency, body: unknown = { label: "Northwind" }) => {
    const minted = await session.call("POST", "/agency/invites", body);
    expect(minted.status).toBe(201);
    return { ...minted.body, token: tokenOf(minted.body.url) } as { invite: any; url: string; token: string };
  };

  it("an agency mints a link {base_url}/invite/<token>, keeps only its hash, and lists it without the token", async () => {
    const minted = await mint(agency, { label: "For Northwind", expiresInDays: 3 });
    expect(minted.url).toMatch(new RegExp(`^${service.baseUrl}/invite/inv_[A-Za-z0-9_-]{43}$`));
    expect(minted.invite).toMatchObject({ label: "For Northwind", status: "live", revokedAt: null, redeemedAt: null });
    expect(Date.parse(minted.invite.expiresAt) - Date.parse(minted.invite.createdAt)).toBe(3 * 24 * HOUR_MS);

    const rows = await service.service.database.db.selectFrom("agency_invites").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(minted.token);
    const listed = await agency.call("GET", "/agency/invites");
    expect(listed.status).toBe(200);
    expect(listed.body.invites[0]).toEqual(minted.invite);
    expect(JSON.stringify(listed.body)).not.toContain(minted.token);
  });

  it("only an agency desk mints and lists invites; a consumer or no one at all is refused", async () => {
    expect((await creditor.call("POST", "/agency/invites", {})).body.error.code).toBe("not_an_agency");
    expect((await creditor.call("GET", "/agency/clients")).status).toBe(403);
    const consumer = await ApiSession.signIn(service.baseUrl, DEMO_USERS.consumer);
    expect((await consumer.call("POST", "/agency/invites", {})).body.error.code).toBe("desk_required");
    expect((await callWithBearer(service.baseUrl, undefined, "POST", "/agency/invites", {})).status).toBe(401);
    const label = await agency.call("POST", "/agency/invites", { label: "card 4111 1111 1111 1111" });
    expect(label.status).toBe(400);
    expect(label.body.error).toMatchObject({ code: "forbidden_personal_data", field: "label" });
  });

  it("peek shows a live invite's agency and expiry to anyone", async () => {
    const { token, invite } = await mint();
    const answer = await peek(token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ invite: { agencyName: "Harbor Recovery Partners", expiresAt: invite.expiresAt } });
  });

  it("fails closed alike for an unknown, a revoked and an expired invite, and attaches nothing", async () => {
    const revoked = await mint();
    const revokedAnswer = await agency.call("POST", `/agency/invites/${revoked.invite.inviteId}/revoke`);
    expect(revokedAnswer.body.invite).toMatchObject({ status: "revoked" });
    // Revoking again changes nothing; another agency's invite reads as absent.
    expect((await agency.call("POST", `/agency/invites/${revoked.invite.inviteId}/revoke`)).body).toEqual(revokedAnswer.body);

    // Minted on a clock 25 hours behind, for one day: expired an hour ago by the real clock.
    clockOffset = -25 * HOUR_MS;
    let expiring: Awaited<ReturnType<typeof mint>>;
    try {
      expiring = await mint(agency, { expiresInDays: 1 });
    } finally {
      clockOffset = 0;
    }
    // Digits in a token are random, not personal data: an unknown one is still just unknown.
    const tokens = { unknown: "inv_123456789_4111111111111111_neverMinted", revoked: revoked.token, expired: expiring.token };
    const peeks = await Promise.all(Object.values(tokens).map(peek));
    const redeems = [];
    for (const token of Object.values(tokens)) redeems.push(await creditor.call("POST", "/agency/invites/redeem", { token }));
    // The same answer every time, but for the request's own id.
    const withoutRequestId = (body: any) => ({ error: { ...body.error, requestId: undefined } });
    for (const answer of [...peeks, ...redeems]) {
      expect(answer.status).toBe(404);
      expect(withoutRequestId(answer.body)).toEqual(withoutRequestId(peeks[0]!.body));
      expect(Object.keys(answer.body.error).sort()).toEqual(["code", "message", "requestId"]);
    }
    expect(peeks[0]!.body.error.code).toBe("invalid_invite");
    expect((await creditor.call("GET", "/agency/memberships")).body).toEqual({ memberships: [] });
    const listed = (await agency.call("GET", "/agency/invites")).body.invites;
    expect(listed.find((i: any) => i.inviteId === expiring.invite.inviteId).status).toBe("expired");
    expect((await agency.call("GET", "/agency/clients")).body).toEqual({ clients: [] });
  });

  it("redeeming attaches the signed-in desk as a client; redeeming twice changes nothing", async () => {
    const { token, invite } = await mint();
    const first = await creditor.call("POST", "/agency/invites/redeem", { token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      membership: { agencyDeskId: harborDeskId, agencyName: "Harbor Recovery Partners", joinedAt: expect.any(String) },
      alreadyMember: false,
    });
    const second = await creditor.call("POST", "/agency/invites/redeem", { token });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ...first.body, alreadyMember: true });

    // Both sides see the one relation.
    const clients = await agency.call("GET", "/agency/clients");
    expect(clients.body.clients).toEqual([
      { deskId: creditorDeskId, name: DEMO_OTHER_DESK_NAME, kind: "creditor", joinedAt: first.body.membership.joinedAt },
    ]);
    expect((await creditor.call("GET", "/agency/memberships")).body.memberships).toEqual([first.body.membership]);
    // The invite is used up: another desk cannot use it, and peek now fails closed.
    expect((await buyer.call("POST", "/agency/invites/redeem", { token })).body.error.code).toBe("invalid_invite");
    expect((await peek(token)).status).toBe(404);
    const listed = (await agency.call("GET", "/agency/invites")).body.invites.find((i: any) => i.inviteId === invite.inviteId);
    expect(listed).toMatchObject({ status: "redeemed", redeemedByDeskId: creditorDeskId });
  });

  it("is many-to-many: a desk joins several agencies, an agency has several clients", async () => {
    const second = await createDeskWithOwner(service, "agency", "Second Street Agency");
    const secondAgency = await ApiSession.signIn(service.baseUrl, second.user);
    const fromSecond = await mint(secondAgency);
    expect((await creditor.call("POST", "/agency/invites/redeem", { token: fromSecond.token })).status).toBe(200);
    expect((await buyer.call("POST", "/agency/invites/redeem", { token: (await mint()).token })).status).toBe(200);

    const memberships = (await creditor.call("GET", "/agency/memberships")).body.memberships;
    expect(memberships.map((m: any) => m.agencyName)).toEqual(["Harbor Recovery Partners", "Second Street Agency"]);
    const harborClients = (await agency.call("GET", "/agency/clients")).body.clients;
    expect(harborClients.map((c: any) => c.deskId)).toEqual([creditorDeskId, buyerDeskId]);
    expect((await secondAgency.call("GET", "/agency/clients")).body.clients.map((c: any) => c.deskId)).toEqual([creditorDeskId]);
  });

  it("two desks redeeming one link at once: exactly one joins", async () => {
    const { token } = await mint();
    const racer = await ApiSession.signIn(service.baseUrl, (await createDeskWithOwner(service, "creditor", "Racing Creditor")).user);
    const other = await ApiSession.signIn(service.baseUrl, (await createDeskWithOwner(service, "buyer", "Racing Buyer")).user);
    const answers = await Promise.all([racer, other].map((session) => session.call("POST", "/agency/invites/redeem", { token })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    const joined = await Promise.all([racer, other].map(async (session) => (await session.call("GET", "/agency/memberships")).body.memberships.length));
    expect(joined.sort()).toEqual([0, 1]);
  });

  it("only a person signed in to a creditor or buyer desk can join", async () => {
    const { token } = await mint();
    expect((await agency.call("POST", "/agency/invites/redeem", { token })).body.error.code).toBe("client_desk_required");
    const key = await buyer.call("POST", "/keys", { name: "buyer agent" });
    const withKey = await callWithBearer(service.baseUrl, key.body.key, "POST", "/agency/invites/redeem", { token });
    expect(withKey.status).toBe(403);
    expect(withKey.body.error.code).toBe("session_required");
    // Still live: neither attempt used it.
    expect((await peek(token)).status).toBe(200);
  });

  it("placing with agency_desk_id needs this desk to be a client of that agency", async () => {
    const rows = { accounts: [{ reference: "NW-AG-1", name: "Ada Placed", amount: 100 }] };
    expect((await creditor.call("POST", "/placements?dryRun=1", { ...rows, agency_desk_id: harborDeskId })).status).toBe(200);
    const withHarbor = await creditor.call("POST", "/placements", { ...rows, agency_desk_id: harborDeskId.toUpperCase() });
    expect(withHarbor.status).toBe(200);
    expect(withHarbor.body.placements[0]).toMatchObject({ reference: "NW-AG-1", agencyDeskId: harborDeskId });
    const listed = (await creditor.call("GET", "/placements?limit=100")).body.placements;
    expect(listed.find((p: any) => p.reference === "NW-AG-1").agencyDeskId).toBe(harborDeskId);
    expect(listed.filter((p: any) => p.reference !== "NW-AG-1").every((p: any) => p.agencyDeskId === null)).toBe(true);
    const stranger = await createDeskWithOwner(service, "agency", "Unjoined Agency");
    const refused = await creditor.call("POST", "/placements?dryRun=1", { ...rows, agency_desk_id: stranger.deskId });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "agency_not_client", field: "agency_desk_id" });
  });
});
