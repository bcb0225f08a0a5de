import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { assignRequestId } from "@connector/http";
import { asReader, readerMiddleware } from "@connector/ui";
import { sendFailure } from "../src/http/send-failure.js";
import { notFoundPage, serverErrorPage } from "../src/views/site/status-pages.js";
import type { PagesOptions } from "../src/pages-options.js";

/** An unexpected failure may come after a write began: the page must not promise nothing changed. */
describe("the page for an unexpected failure", () => {
  it("asks the person to check before trying again, with the request id, and reports the error", async () => {
    const reported: unknown[] = [];
    const options = { reportError: (error: unknown) => reported.push(error) } as unknown as PagesOptions;
    const app = express();
    app.use(readerMiddleware());
    app.get("/boom", (req, res) => {
      assignRequestId(req, res);
      sendFailure(options, res, undefined, new Error("database went away"));
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/boom`, { headers: { "x-request-id": "req-123" } });
      const html = await answer.text();
      expect(answer.status).toBe(500);
      expect(html).toContain("may or may not have taken effect");
      expect(html).toContain("req-123");
      expect(html).not.toContain("Nothing was changed");
      expect(html).not.toContain("database went away");
      expect(reported).toHaveLength(1);
      // Issue 48 item 13: in Spanish the id is a reference code, never a "solicitud" (the person's drafts' word).
      const spanish = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/boom`, {
        headers: { "x-request-id": "req-456", cookie: "lang=es" },
      });
      const text = await spanish.text();
      expect(text).toContain("(código de referencia: req-456)");
      expect(text).not.toMatch(/solicitud/i);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("names the 404 and 500 pages' id a reference code in Spanish, never a solicitud", () => {
    const pages = asReader({ language: "es" }, () => [notFoundPage(undefined, "req-789"), serverErrorPage("req-789")]);
    for (const html of pages) {
      expect(html).toMatch(/[Cc]ódigo de referencia/);
      expect(html).not.toMatch(/solicitud/i);
    }
  });
});
