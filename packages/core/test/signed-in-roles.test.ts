import { describe, expect, it } from "vitest";
import { type BackOfficeActor, isSignedInDeskPerson, isSignedInOwner } from "../src/entries/back-office.js";

const desk = (over: Partial<BackOfficeActor & { kind: "desk" }>): BackOfficeActor => ({
  kind: "desk",
  deskId: "desk-1",
  userId: "user-1",
  role: "owner",
  via: "session",
  ...over,
});
const consumer: BackOfficeActor = { kind: "consumer", consumerId: "c-1", userId: "user-2", via: "session" };

/** The rules the operations assert and the pages ask, so a page never offers what the domain refuses. */
describe("who may act for a Desk", () => {
  it("only the Desk's owner, signed in, approves and manages keys", () => {
    expect(isSignedInOwner(desk({}))).toBe(true);
    expect(isSignedInOwner(desk({ role: "member" }))).toBe(false);
    expect(isSignedInOwner(desk({ via: "desk_key", userId: null, role: null }))).toBe(false);
    expect(isSignedInOwner(consumer)).toBe(false);
    expect(isSignedInOwner(undefined)).toBe(false);
  });

  it("any Desk person signed in may accept an agency's invite; a key or a consumer may not", () => {
    expect(isSignedInDeskPerson(desk({ role: "member" }))).toBe(true);
    expect(isSignedInDeskPerson(desk({ via: "desk_key", userId: null, role: null }))).toBe(false);
    expect(isSignedInDeskPerson(consumer)).toBe(false);
  });
});
