import { newId } from "@connector/core/domain";
import { describe, expect, it } from "vitest";
import { DEMO_ACTIVE_OFFER_TERMS } from "../src/index.js";
import { TEST_DIALECTS } from "../src/testing/index.js";
import { NOW, isoDaysFromNow, useDatabase } from "./support/database-fixture.js";

describe.each(TEST_DIALECTS)("approved offers on %s", (dialect) => {
  const fixture = useDatabase(dialect, { seed: true });
  const now = NOW.toISOString();
  const find = (consumerId: string, reference: string, at = now) =>
    fixture.stores.approvedOffers.findRelayableOffer(consumerId, reference, at);

  async function accountAt(deskId: string, reference: string) {
    return fixture.database.db
      .selectFrom("accounts")
      .select("id")
      .where("desk_id", "=", deskId)
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
  }

  async function addOffer(accountId: string, terms: string, status: "active" | "withdrawn", approvedDays: number, expiresDays: number) {
    const id = newId();
    await fixture.database.db
      .insertInto("approved_offers")
      .values({ id, account_id: accountId, terms, status, approved_at: isoDaysFromNow(approvedDays), expires_at: isoDaysFromNow(expiresDays) })
      .execute();
    return id;
  }

  async function addAccount(deskId: string, reference: string) {
    const id = newId();
    await fixture.database.db
      .insertInto("accounts")
      .values({
        id,
        desk_id: deskId,
        reference,
        debtor_name: "Jordan Ellis",
        debtor_email: null,
        debtor_phone: null,
        debtor_ssn_last4: null,
        internal_note: null,
        face_amount_minor: 50_000,
        currency: "USD",
        case_status: "active",
        placed_at: now,
        status_updated_at: now,
      })
      .execute();
    return id;
  }

  it("returns the active, unexpired offer verbatim for a verified account", async () => {
    const { consumerId, activeOfferReference } = fixture.demo;
    const offer = await find(consumerId, activeOfferReference);
    expect(offer).toEqual({
      offerId: expect.any(String),
      accountReference: activeOfferReference,
      terms: DEMO_ACTIVE_OFFER_TERMS,
      approvedAt: isoDaysFromNow(-2),
      expiresAt: isoDaysFromNow(30),
    });
    expect(offer?.terms).toContain("Pay $1,200.00 in three monthly payments of $400.00");
  });

  it("returns nothing once the offer has expired, including at the exact expiry instant", async () => {
    const { consumerId, activeOfferReference, expiredOfferReference } = fixture.demo;
    expect(await find(consumerId, expiredOfferReference)).toBeUndefined();
    expect(await find(consumerId, activeOfferReference, isoDaysFromNow(30))).toBeUndefined();
    expect(await find(consumerId, activeOfferReference, isoDaysFromNow(29))).toBeDefined();
  });

  it("returns nothing for a withdrawn offer", async () => {
    const { consumerId, deskId } = fixture.demo;
    const accountId = await addAccount(deskId, "WD-0001");
    await fixture.database.db
      .insertInto("consumer_verified_accounts")
      .values({ consumer_id: consumerId, account_id: accountId, verified_at: now })
      .execute();
    await addOffer(accountId, "Withdrawn terms", "withdrawn", -1, 10);
    expect(await find(consumerId, "WD-0001")).toBeUndefined();
  });

  it("returns nothing for an account the consumer is not verified for, or to another consumer", async () => {
    const { consumerId, deskId, activeOfferReference } = fixture.demo;
    const unverified = await accountAt(deskId, "HRP-000200");
    await addOffer(unverified.id, "Unverified terms", "active", -1, 10);
    expect(await find(consumerId, "HRP-000200")).toBeUndefined();

    const stranger = newId();
    await fixture.database.db.insertInto("consumers").values({ id: stranger, display_name: "Stranger", created_at: now }).execute();
    expect(await find(stranger, activeOfferReference)).toBeUndefined();
    expect(await find(consumerId, "NO-SUCH-REFERENCE")).toBeUndefined();
  });

  it("only counts the verified account when a reference exists at several desks", async () => {
    const { consumerId, otherDeskId, expiredOfferReference, activeOfferReference } = fixture.demo;
    // The other desk has an account with the same reference and a live offer; the consumer is not verified for it.
    const twin = await addAccount(otherDeskId, expiredOfferReference);
    await addOffer(twin, "Other desk's terms", "active", -1, 10);
    expect(await find(consumerId, expiredOfferReference)).toBeUndefined();

    const activeTwin = await addAccount(otherDeskId, activeOfferReference);
    await addOffer(activeTwin, "Other desk's newer terms", "active", 0, 10);
    expect((await find(consumerId, activeOfferReference))?.terms).toBe(DEMO_ACTIVE_OFFER_TERMS);
  });

  it("prefers the most recently approved of several active offers", async () => {
    const { consumerId, deskId } = fixture.demo;
    const accountId = await addAccount(deskId, "MULTI-0001");
    await fixture.database.db
      .insertInto("consumer_verified_accounts")
      .values({ consumer_id: consumerId, account_id: accountId, verified_at: now })
      .execute();
    await addOffer(accountId, "Older terms", "active", -10, 20);
    const newest = await addOffer(accountId, "Newer terms", "active", -1, 5);
    expect(await find(consumerId, "MULTI-0001")).toMatchObject({ offerId: newest, terms: "Newer terms" });
  });

  it("lists expired offers of the consumer's verified accounts, most recently expired first, within the window asked (issue 48)", async () => {
    const { consumerId, deskId, expiredOfferReference } = fixture.demo;
    const { approvedOffers } = fixture.stores;
    const accountId = await addAccount(deskId, "EXP-0001");
    await fixture.database.db.insertInto("consumer_verified_accounts").values({ consumer_id: consumerId, account_id: accountId, verified_at: now }).execute();
    const lately = await addOffer(accountId, "Expired yesterday", "active", -10, -1);
    await addOffer(accountId, "Expired long ago", "active", -100, -60);
    await addOffer(accountId, "Withdrawn and expired", "withdrawn", -10, -2);
    await addOffer(accountId, "Still open", "active", -1, 5);
    const listed = await approvedOffers.listExpiredOffers(consumerId, now, isoDaysFromNow(-30), 50);
    expect(listed.map((offer) => offer.accountReference)).toEqual(["EXP-0001", expiredOfferReference]);
    expect(listed[0]).toMatchObject({ offerId: lately, expiresAt: isoDaysFromNow(-1) });
    // One by id within the same window the list uses: past it, none (issue 48: no 410 forever); an open one
    // is not an expired one; another consumer reaches none.
    const monthAgo = isoDaysFromNow(-30);
    expect((await approvedOffers.findExpiredOfferById(consumerId, lately, now, monthAgo))?.accountReference).toBe("EXP-0001");
    const longAgo = (await approvedOffers.listExpiredOffers(consumerId, now, isoDaysFromNow(-365), 50)).find((offer) => offer.terms === "Expired long ago")!;
    expect(await approvedOffers.findExpiredOfferById(consumerId, longAgo.offerId, now, monthAgo)).toBeUndefined();
    expect((await approvedOffers.findExpiredOfferById(consumerId, longAgo.offerId, now, isoDaysFromNow(-365)))?.accountReference).toBe("EXP-0001");
    const open = (await approvedOffers.listRelayableOffers(consumerId, now, 50)).find((offer) => offer.terms === "Still open")!;
    expect(await approvedOffers.findExpiredOfferById(consumerId, open.offerId, now, monthAgo)).toBeUndefined();
    expect(await approvedOffers.findExpiredOfferById(newId(), lately, now, monthAgo)).toBeUndefined();
  });
});
