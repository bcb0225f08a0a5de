import type { AddressInfo } from "node:net";
import { ServiceError } from "@connector/core";
import { assignRequestId } from "@connector/http";
import { CATALOGUES, readerMiddleware } from "@connector/ui";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FormBodyReader, pageHandlers } from "../src/http/page-handler.js";
import type { PagesOptions } from "../src/pages-options.js";
import type { PageSession } from "../src/sessions/page-session.js";

const person = { displayName: "Ana", deskMember: false, consumer: true, signOutToken: "t" };
const user = { userId: "u1", email: "ana@example.com", displayName: "Ana", deskId: null, deskRole: null, consumerId: "c1", createdAt: "2026-11-23T10:00:00.000Z" } as const;
const session = (actor: PageSession["actor"]): PageSession => ({
  user,
  actor,
  person,
  csrfToken: () => "token",
  isValidCsrfToken: () => true,
});
const consumer = session({ kind: "consumer", consumerId: "c1", userId: "u1", via: "session" });
/** A signed-in person who is neither a Desk member nor a consumer. */
const nobody = session(undefined);

/** A body reader that refuses the way http's formBody does, from a later turn of the event loop (a stream's event), outside the reader's context. */
const refusing =
  (error: ServiceError): FormBodyReader =>
  (_req, _res, next) => {
    setImmediate(() => next(error));
  };

/**
 * Issue 48 (a later look): the pages the page handler itself answers, a refused body and a sign-in
 * with no role, come in the reader's language, as every other page does, wherever the request's
 * reader context was lost.
 */
describe("the page handler's own answers, in the reader's language", () => {
  let base = "";
  let close: () => Promise<void> = async () => {};
  beforeAll(async () => {
    let who: PageSession = consumer;
    const options = {
      sessions: { current: async () => who, signInUrl: () => "/signin", hadSession: () => false },
    } as unknown as PagesOptions;
    const pages = pageHandlers(options);
    const app = express();
    app.use((req, res, next) => {
      assignRequestId(req, res);
      next();
    });
    // No reader middleware before the refusing forms: their answers must find the reader themselves.
    app.post("/too-large", pages.form("f", () => "/form", async () => ({ html: "saved" }), refusing(new ServiceError("payload_too_large", "The body is larger than 64 KB."))));
    app.post("/nul", pages.form("f", () => "/form", async () => ({ html: "saved" }), refusing(new ServiceError("invalid_input", "name contains a NUL character (U+0000), which no text here may hold.", { field: "name" }))));
    app.get("/no-role", (req, res, next) => {
      who = nobody;
      next();
    }, pages.view(async () => ({ html: "shown" })));
    app.use(readerMiddleware());
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  const spanish = { cookie: "lang=es" };
  const es = CATALOGUES.es;

  it("a body too large: title, words and the way back in Spanish", async () => {
    const answer = await fetch(`${base}/too-large`, { method: "POST", headers: spanish });
    const html = await answer.text();
    expect(answer.status).toBe(413);
    expect(html).toContain('<html lang="es"');
    expect(html).toContain(es["access.bodyRefused.tooLarge"]);
    expect(html).toContain(es["access.failure.back"]);
    expect(html).not.toContain("larger than 64 KB");
  });

  it("a NUL character in a field: in Spanish, without core's English", async () => {
    const answer = await fetch(`${base}/nul`, { method: "POST", headers: spanish });
    const html = await answer.text();
    expect(answer.status).toBe(400);
    expect(html).toContain(es["access.bodyRefused.unreadable"]);
    expect(html).not.toContain("NUL character");
  });

  it("an English reader keeps the service's own words for the form that was refused", async () => {
    const html = await (await fetch(`${base}/too-large`, { method: "POST" })).text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("The body is larger than 64 KB.");
  });

  it("a sign-in that is neither a Desk nor a consumer: the no-role page in Spanish", async () => {
    const answer = await fetch(`${base}/no-role`, { headers: spanish });
    const html = await answer.text();
    expect(answer.status).toBe(403);
    expect(html).toContain(es["access.noRole.title"]);
    expect(html).toContain(es["access.noRole.status"]);
  });
});
