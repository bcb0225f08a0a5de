import { describe, expect, it } from "vitest";
import { requestDraftView } from "./support/request-draft-view.js";
import type { ConsumerRequestDraftView } from "../src/domain/views.js";
import { contactPreferenceChoicesSchema, NO_CHOICES } from "../src/resolve/contact-preference-choices.js";
import { letterText, requestLetter } from "../src/resolve/request-letter.js";
import { CONSUMER_REQUEST_CHANNELS } from "../src/schemas/consumer-request-draft.js";
import { RESOLVE_GUIDE } from "../src/tools/resolve-guide/resolve-guide.js";

const draft = requestDraftView;

const text = (view: ConsumerRequestDraftView, choices = NO_CHOICES) => letterText(requestLetter(view, choices));
const choose = (form: Record<string, unknown>) => contactPreferenceChoicesSchema.parse(form);

describe("request letters (issue 18 §1)", () => {
  it("never asks for a reply through this service, whatever the channel, and asks only for ways a collector can use", () => {
    for (const channel of CONSUMER_REQUEST_CHANNELS) {
      for (const requestKind of ["documents", "contact_preference"] as const) {
        const letter = text(draft({ channel, requestKind }));
        expect(letter).not.toMatch(/this service/i);
        expect(letter).toContain("by mail to the address above");
      }
    }
    // "By email" means something only with an address: the person fills it in.
    expect(text(draft({ channel: "email" }))).toContain("by mail to the address above or by email to [your email address].");
    expect(text(draft({ channel: "mail" }))).not.toContain("by email");
  });

  it("has marked places for the person's name, address, date, signature and how and when the collector made contact", () => {
    const letter = text(draft());
    for (const place of ["[Your name]", "[Your return address]", "[Today's date]", "[Your signature]", "[phone, letter, email or text message]", "[the date they contacted you]"]) {
      expect(letter).toContain(place);
    }
    expect(letter).toContain("Re: your reference HRP-000123");
    expect(text(draft({ reference: null }))).toContain("Re: [their reference for the debt, from their letter or message, if any]");
  });

  it("asks for documents about the debt the collector is attempting to collect, without assuming it is owed", () => {
    const letter = text(draft());
    expect(letter).toContain("the debt you are attempting to collect");
    expect(letter).not.toContain("this debt:");
    expect(letter).toContain("- the name and address of the original creditor;");
    expect(letter).not.toMatch(/dispute/i);
  });

  it("says only the times, places and ways of contact the person chose, and hands contact to their lawyer", () => {
    const plain = text(draft({ requestKind: "contact_preference" }));
    expect(plain).not.toMatch(/at work|inconvenient/);
    expect(plain).toContain("[the times, places or ways of contact you do not want, or your lawyer's details]");

    const chosen = choose({ times: "  before 10 a.m.   on weekdays ", work: "on", ways: ["calls", "texts"] });
    const letter = text(draft({ requestKind: "contact_preference", channel: "email" }), chosen);
    // Without a zone from the page, the times are the person's local time; with one, it is named (issue 39 item 9).
    expect(letter).toContain("These times are inconvenient for me, so please do not contact me then: before 10 a.m. on weekdays (my local time).");
    const zoned = letterText(requestLetter(draft({ requestKind: "contact_preference" }), chosen, { zoneName: "Central Time" }));
    expect(zoned).toContain("before 10 a.m. on weekdays (Central Time).");
    // The collector's address has its own line to fill in, under "To:".
    expect(zoned).toMatch(/To: .+\n\[their mailing address, from their letter or message\]/);
    // A place the person ends with a full stop is not followed by another.
    expect(text(draft({ requestKind: "contact_preference" }), choose({ places: "at my parents' home." }))).toContain("there: at my parents' home.\n");
    expect(letter).toContain("please do not contact me at work.");
    expect(letter).toContain("Please do not contact me by phone calls or text messages.");
    expect(letter).toContain("You can contact me by mail to the address above or by email to [your email address].");
    expect(letter).not.toContain("\n\n\n");

    const noEmail = text(draft({ requestKind: "contact_preference", channel: "email" }), choose({ ways: "emails" }));
    expect(noEmail).toContain("Please do not contact me by email.");
    expect(noEmail).toContain("You can contact me by mail to the address above.");

    const lawyer = text(draft({ requestKind: "contact_preference" }), choose({ lawyer: "on" }));
    expect(lawyer).toContain("Please contact my lawyer, not me: [your lawyer's name], [your lawyer's address], [your lawyer's phone number].");
    expect(lawyer).not.toContain("You can contact me");
  });

  it("refuses choices it does not know or that are too long, so the tool's strict schema stays the only draft input", () => {
    expect(contactPreferenceChoicesSchema.safeParse({ ways: "mail" }).success).toBe(false);
    expect(contactPreferenceChoicesSchema.safeParse({ times: "x".repeat(201) }).success).toBe(false);
    expect(contactPreferenceChoicesSchema.safeParse({ phone: "555" }).success).toBe(false);
    expect(choose({})).toEqual(NO_CHOICES);
  });

  it("keeps the guide's points neutral and in plain words", () => {
    const points = RESOLVE_GUIDE.sections.flatMap((section) => section.points).join("\n");
    expect(points).not.toMatch(/contact_preference|settlement floor|kind documents/);
    expect(points).toContain("the collector will assume the debt is valid");
    expect(points).toContain("A request for documents or information is not necessarily a dispute.");
    expect(points).toContain("The CFPB suggests");
    // No imperative advice: the records section says what the CFPB suggests.
    const records = RESOLVE_GUIDE.sections.find((section) => section.id === "keeping-records")!;
    for (const point of records.points) expect(point).toMatch(/^(The CFPB suggests|It suggests|The validation period)/);
  });
});
