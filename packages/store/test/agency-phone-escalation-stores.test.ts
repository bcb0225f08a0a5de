import { inviteTokenHash } from "@connector/core/agency";
import { newId } from "@connector/core/domain";
import { describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../src/testing/index.js";
import { isoDaysFromNow, NOW, useDatabase } from "./support/database-fixture.js";

const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();

describe.each(TEST_DIALECTS)("agency, phone, skip and escalation stores on %s", (dialect) => {
  const fixture = useDatabase(dialect, { seed: true });

  async function newDesk(kind: "creditor" | "buyer" | "agency", name: string): Promise<string> {
    const id = newId();
    await fixture.database.db.insertInto("desks").values({ id, name, kind, created_at: at(0) }).execute();
    return id;
  }

  async function invite(agencyDeskId: string, token: string) {
    return fixture.stores.agency.createInvite({
      inviteId: newId(),
      agencyDeskId,
      tokenHash: inviteTokenHash(token),
      label: "For Acme",
      createdByUserId: null,
      createdAt: at(1),
      expiresAt: isoDaysFromNow(7),
    });
  }

  it("keeps an invite's token only as its hash and finds it by that hash", async () => {
    const created = await invite(fixture.demo.deskId, "inv_store_test_token_1");
    expect(created).toMatchObject({ agencyDeskId: fixture.demo.deskId, label: "For Acme", revokedAt: null, redeemedAt: null });
    const row = await fixture.database.db.selectFrom("agency_invites").selectAll().where("id", "=", created.inviteId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain("inv_store_test_token_1");
    expect(await fixture.stores.agency.findInviteByTokenHash(inviteTokenHash("inv_store_test_token_1"))).toEqual(created);
    expect(await fixture.stores.agency.findInviteByTokenHash(inviteTokenHash("inv_unknown"))).toBeUndefined();
  });

  it("revokes only the agency's own invite, once", async () => {
    const created = await invite(fixture.demo.deskId, "inv_store_test_token_2");
    expect(await fixture.stores.agency.revokeInvite(fixture.demo.otherDeskId, created.inviteId, at(5))).toBeUndefined();
    expect((await fixture.stores.agency.revokeInvite(fixture.demo.deskId, created.inviteId, at(5)))?.revokedAt).toBe(at(5));
    // Revoking again keeps the first time.
    expect((await fixture.stores.agency.revokeInvite(fixture.demo.deskId, created.inviteId, at(9)))?.revokedAt).toBe(at(5));
    expect(await fixture.stores.agency.markInviteRedeemed(created.inviteId, fixture.demo.otherDeskId, at(10))).toBe(false);
  });

  it("redeems an invite once and keeps one relation per agency and client, seen from both sides", async () => {
    const agency = await newDesk("agency", "Second Agency");
    const client = await newDesk("buyer", "Buyer Desk");
    const first = await invite(agency, "inv_store_test_token_3");
    expect(await fixture.stores.agency.markInviteRedeemed(first.inviteId, client, at(10))).toBe(true);
    expect(await fixture.stores.agency.markInviteRedeemed(first.inviteId, fixture.demo.otherDeskId, at(11))).toBe(false);

    const relation = await fixture.stores.agency.attachClient(agency, client, first.inviteId, at(10));
    expect(relation).toEqual({
      agencyDeskId: agency,
      agencyName: "Second Agency",
      clientDeskId: client,
      clientName: "Buyer Desk",
      clientKind: "buyer",
      joinedAt: at(10),
    });
    // Attaching again changes nothing: the first join time stays.
    expect(await fixture.stores.agency.attachClient(agency, client, first.inviteId, at(20))).toEqual(relation);
    await fixture.stores.agency.attachClient(fixture.demo.deskId, client, first.inviteId, at(30));

    expect(await fixture.stores.agency.listClients(agency, 50)).toEqual([relation]);
    expect((await fixture.stores.agency.listMemberships(client, 50)).map((r) => r.agencyDeskId)).toEqual([agency, fixture.demo.deskId]);
    expect(await fixture.stores.agency.findRelation(agency, fixture.demo.otherDeskId)).toBeUndefined();
  });

  it("counts skip states: seeded accounts were never recorded, so they are unknown", async () => {
    expect(await fixture.stores.skip.skipCount(fixture.demo.deskId)).toEqual({
      accounts: fixture.demo.accountCount,
      notTraced: 0,
      unrecorded: fixture.demo.accountCount,
    });
    const empty = await newDesk("creditor", "Empty Desk");
    expect(await fixture.stores.skip.skipCount(empty)).toEqual({ accounts: 0, notTraced: 0, unrecorded: 0 });
  });

  it("saves an import batch with its new phones and marks those accounts skipped", async () => {
    const { db } = fixture.database;
    const accounts = await db.selectFrom("accounts").select(["id", "reference"]).where("desk_id", "=", fixture.demo.deskId).orderBy("id").limit(2).execute();
    const [a, b] = accounts as [{ id: string; reference: string }, { id: string; reference: string }];
    const found = await fixture.stores.phones.findAccountIds(fixture.demo.deskId, [a.reference, b.reference, "NOPE-1"]);
    expect(found).toEqual(new Map([[a.reference, a.id], [b.reference, b.id]]));
    // Another desk's references are not found.
    expect(await fixture.stores.phones.findAccountIds(fixture.demo.otherDeskId, [a.reference])).toEqual(new Map());

    await fixture.stores.transaction((stores) =>
      stores.phones.saveImport(
        { batchId: newId(), deskId: fixture.demo.deskId, source: "Vendor X", rowCount: 1, validCount: 1, invalidCount: 0, createdByUserId: null, createdAt: at(40) },
        [{ accountId: a.id, e164: "+14155552671" }],
      ),
    );
    expect(await fixture.stores.phones.existingPhones([{ accountId: a.id, e164: "+14155552671" }, { accountId: b.id, e164: "+14155552671" }])).toEqual(
      new Set([`${a.id} +14155552671`]),
    );
    const states = await db.selectFrom("accounts").select(["id", "skip_state"]).where("id", "in", [a.id, b.id]).execute();
    expect(Object.fromEntries(states.map((row) => [row.id, row.skip_state]))).toEqual({ [a.id]: "skipped", [b.id]: "unknown" });
  });

  it("records an escalation", async () => {
    const escalationId = newId();
    await fixture.stores.escalations.create({
      escalationId,
      deskId: fixture.demo.deskId,
      userId: null,
      reason: "complaint",
      context: "The consumer says the balance is wrong.",
      accountReference: null,
      createdAt: at(50),
    });
    const row = await fixture.database.db.selectFrom("escalations").selectAll().where("id", "=", escalationId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reason: "complaint", status: "open", desk_id: fixture.demo.deskId });
  });
});
