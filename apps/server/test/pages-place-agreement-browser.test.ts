import { createUser } from "@connector/auth";
import { DESK_AGREEMENT } from "@connector/core/desk-agreement";
import { createAuthStores } from "@connector/store";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDeskWithOwner } from "./support/desk-users.js";
import { type PersonInBrowser, signInAt, startBrowser } from "./support/pages-browser.js";
import { startTestService, type TestService } from "./support/test-service.js";

/**
 * Spec §5.3 on the place screen: a Desk whose owner has not accepted the Desk agreement cannot
 * place, so /desk/place shows the agreement where the forms would be. The owner accepts it there
 * and places; a member reads who must accept, with no form. With JavaScript and without.
 */
/** One Chromium for the file; each person has a fresh context (own cookies and storage). */
let browser: Browser;
beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// On SQLite, as most browser walks are: the page does not change with the database, and agreement-every-door.test.ts
// holds every door to the agreement on both.
describe.each(["sqlite" as const])("the place screen asks for the Desk agreement first, on %s", { timeout: 180_000 }, (dialect) => {
  let service: TestService;
  const people: PersonInBrowser[] = [];

  beforeAll(async () => {
    service = await startTestService(dialect);
  });
  afterAll(async () => {
    for (const person of people) await person.context.close();
    await service?.close();
  });

  /** A new Desk nobody accepted the agreement for, with its owner and one member. */
  async function newDesk(name: string) {
    const desk = await createDeskWithOwner(service, "creditor", name);
    const member = { email: `member-${desk.deskId}@creditor.example`, password: "lantern-member-password" };
    await createUser({ stores: createAuthStores(service.service.database), ...member, displayName: `${name} member`, deskId: desk.deskId, deskRole: "member" });
    return { ...desk, member };
  }

  const placed = async (deskId: string) =>
    (await service.service.database.db.selectFrom("accounts").select("reference").where("desk_id", "=", deskId).execute()).map((row) => row.reference);

  async function signIn(user: { email: string; password: string }, javaScript: boolean) {
    const person = await signInAt(browser, service.baseUrl, user, "/desk/place", { javaScriptEnabled: javaScript });
    people.push(person);
    return person;
  }

  /** A member: one sentence saying who must accept, and no form to accept or to place. */
  async function expectMemberWaits(person: PersonInBrowser, name: string) {
    const { page } = person;
    expect(await person.text()).toContain("The Desk's owner must accept the Desk agreement before accounts can be placed.");
    expect(await page.getByRole("button", { name: "I accept the Desk agreement" }).count()).toBe(0);
    expect(await page.getByRole("form", { name: "Place one account" }).count()).toBe(0);
    expect(await page.getByRole("form", { name: "Place accounts from a CSV file" }).count()).toBe(0);
    await person.inspect(name);
  }

  /** The owner: the agreement's text instead of the forms; accepting brings the forms, then one account is previewed and saved. */
  async function ownerAcceptsAndPlaces(person: PersonInBrowser, deskId: string, reference: string, name: string) {
    const { page } = person;
    const before = await person.text();
    expect(before).toContain(`${DESK_AGREEMENT.title}, version ${DESK_AGREEMENT.version}`);
    expect(before).toContain("Placing accounts on this Desk needs your acceptance of this agreement first.");
    expect(before).toContain("You confirm that this Desk holds the accounts and may place them");
    expect(await page.getByRole("form", { name: "Place one account" }).count()).toBe(0);
    await person.inspect(`${name}-before`);

    await page.getByRole("button", { name: "I accept the Desk agreement" }).click();
    await page.waitForURL((url) => url.pathname === "/desk/place" && url.searchParams.get("done") === "accepted");
    const notice = (await page.getByRole("status").filter({ hasText: "Desk agreement accepted" }).textContent()) ?? "";
    expect(notice).toContain(`version ${DESK_AGREEMENT.version}`);
    expect(notice).toContain("nothing has been placed yet");
    expect(await placed(deskId)).toEqual([]);
    expect(await page.getByRole("button", { name: "I accept the Desk agreement" }).count()).toBe(0);
    await person.inspect(`${name}-accepted`);

    const one = page.getByRole("form", { name: "Place one account" });
    await one.getByLabel("Reference").fill(reference);
    await one.getByLabel("Account holder's name").fill("Lena Lantern");
    await one.getByLabel("Balance").fill("240.50");
    await one.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("heading", { name: "Preview: nothing is saved yet" }).waitFor();
    expect(await page.getByRole("table", { name: "The account that would be saved" }).textContent()).toContain(reference);
    expect(await placed(deskId)).toEqual([]);
    await person.inspect(`${name}-preview`);

    await page.getByRole("button", { name: "Save 1 placement" }).click();
    await page.waitForURL((url) => url.searchParams.get("done") === "saved");
    expect(await person.text()).toContain("1 account is now live on your Desk");
    expect(await placed(deskId)).toEqual([reference]);
    await person.inspect(`${name}-saved`);
    expect(person.errors()).toEqual([]);
  }

  it("with JavaScript: the member waits for the owner, the owner accepts on the place screen and places one account", async () => {
    const desk = await newDesk("Lantern Credit");
    const member = await signIn(desk.member, true);
    await expectMemberWaits(member, `place-agreement-member-${dialect}`);
    const owner = await signIn(desk.user, true);
    await ownerAcceptsAndPlaces(owner, desk.deskId, "LANTERN-1", `place-agreement-owner-${dialect}`);
    // Once the owner has accepted, the member's place screen has the forms.
    await member.open("/desk/place");
    expect(await member.page.getByRole("form", { name: "Place one account" }).count()).toBe(1);
    expect(await member.text()).not.toContain("must accept the Desk agreement");
    expect(member.errors()).toEqual([]);
  });

  it("without JavaScript: the same walk, every step a plain form post", async () => {
    const desk = await newDesk("Quiet Ledger");
    await expectMemberWaits(await signIn(desk.member, false), `place-agreement-member-nojs-${dialect}`);
    await ownerAcceptsAndPlaces(await signIn(desk.user, false), desk.deskId, "QUIET-1", `place-agreement-owner-nojs-${dialect}`);
  });
});
