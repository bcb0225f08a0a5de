import { createUser, hashPassword } from "@connector/auth";
import { ServiceError } from "@connector/core";
import { TEST_DIALECTS } from "@connector/store/testing";
import { BrowserSession, hiddenFields } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "./helpers/test-server.js";

/** Issue 3 §1: people, password hashing, sign-in with a server-side session cookie. */
for (const dialect of TEST_DIALECTS) {
  describe(`users and sign-in (${dialect})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(async () => {
      await server?.close();
    });

    it("stores the email lower-cased and the password only as a salted scrypt hash", async () => {
      const created = await createUser({
        stores: server.stores,
        email: "  Member@Desk.Test ",
        password: "another long passphrase",
        displayName: "Mo Member",
        deskId: server.deskId,
      });
      expect(created).toMatchObject({ email: "member@desk.test", deskRole: "member", consumerId: null });
      const row = await server.stores.users.findByEmail("member@desk.test");
      expect(row?.passwordHash).toMatch(/^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
      expect(row?.passwordHash).not.toContain("another long passphrase");
    });

    it("refuses a second user with the same email in another case", async () => {
      const error = await createUser({
        stores: server.stores,
        email: "OWNER@desk.test",
        password: "yet another passphrase",
        displayName: "Copy",
        consumerId: server.consumerId,
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ code: "invalid_input", field: "email" });
    });

    it("refuses a user who is both desk staff and a consumer, or neither", async () => {
      const base = { stores: server.stores, password: "long enough password", displayName: "X" };
      await expect(
        createUser({ ...base, email: "both@x.test", deskId: server.deskId, consumerId: server.consumerId }),
      ).rejects.toMatchObject({ code: "invalid_input" });
      await expect(createUser({ ...base, email: "neither@x.test" })).rejects.toMatchObject({ code: "invalid_input" });
    });

    it("refuses a short password", async () => {
      await expect(
        createUser({ stores: server.stores, email: "short@x.test", password: "short", displayName: "S", consumerId: server.consumerId }),
      ).rejects.toMatchObject({ code: "invalid_input", field: "password" });
    });

    it("signs in with a case-insensitive email and sets an HttpOnly SameSite=Lax session cookie", async () => {
      const session = new BrowserSession(server.baseUrl);
      const form = await session.request("/signin");
      const fields = hiddenFields(await form.text());
      const response = await session.postForm("/signin", { ...fields, email: "OWNER@DESK.TEST", password: server.deskOwner.password });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/");
      const cookie = response.headers.getSetCookie().find((value) => value.startsWith("connector_session="))!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      // Plain http on loopback: no Secure flag or __Host- prefix, which browsers would refuse here.
      expect(cookie).not.toMatch(/Secure/);
    });

    it("refuses a wrong password with 401 and no session", async () => {
      const session = new BrowserSession(server.baseUrl);
      const response = await session.signIn(server.deskOwner.email, "not the password");
      expect(response.status).toBe(401);
      expect(await response.text()).toContain("The email or password is incorrect.");
      expect(session.hasCookie("connector_session")).toBe(false);
    });

    it("refuses a sign-in form without its CSRF token (login CSRF)", async () => {
      const session = new BrowserSession(server.baseUrl);
      await session.request("/signin");
      const response = await session.postForm("/signin", {
        csrf_token: "forged",
        email: server.deskOwner.email,
        password: server.deskOwner.password,
      });
      expect(response.status).toBe(403);
      expect(session.hasCookie("connector_session")).toBe(false);
    });

    it("ignores a return_to that leaves this host (no open redirect) and lands on the signed-in home", async () => {
      for (const elsewhere of ["https://evil.example/", "//evil.example/", "/\\evil.example/", "/signin"]) {
        const session = new BrowserSession(server.baseUrl);
        const response = await session.signIn(server.deskOwner.email, server.deskOwner.password, elsewhere);
        expect(response.status).toBe(303);
        expect(response.headers.get("location")).toBe("/");
      }
    });

    it("sends someone already signed in who opens /signin home, and keeps the form when a return_to asks for it", async () => {
      const session = new BrowserSession(server.baseUrl);
      expect((await session.request("/signin")).status).toBe(200);
      await session.signIn(server.deskOwner.email, server.deskOwner.password);
      const again = await session.request("/signin");
      expect(again.status).toBe(303);
      expect(again.headers.get("location")).toBe("/");
      const asked = await session.request("/signin?return_to=%2Fconnections");
      expect(asked.status).toBe(200);
      expect(await asked.text()).toContain('name="password"');
    });

    it("comes back to a page of this host after sign-in", async () => {
      const session = new BrowserSession(server.baseUrl);
      const response = await session.signIn(server.deskOwner.email, server.deskOwner.password, "/connections?page=2");
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/connections?page=2");
    });

    it("signs out with the session's CSRF token and ends the server-side session", async () => {
      const session = new BrowserSession(server.baseUrl);
      await session.signIn(server.deskOwner.email, server.deskOwner.password);
      expect((await session.postForm("/signout", { csrf_token: "forged" })).status).toBe(403);
      expect(session.hasCookie("connector_session")).toBe(true);
    });
  });
}

describe("hashPassword", () => {
  it("hashes at 2^15 unless told otherwise, and refuses a cost scrypt would refuse or that would stall the process", async () => {
    expect(await hashPassword("correct horse battery staple")).toMatch(/^scrypt\$15\$8\$1\$/);
    expect(await hashPassword("correct horse battery staple", 10)).toMatch(/^scrypt\$10\$8\$1\$/);
    for (const cost of [9, 21, 12.5, Number.NaN]) await expect(hashPassword("pw-long-enough", cost)).rejects.toThrow(RangeError);
  });
});
