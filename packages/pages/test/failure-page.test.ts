import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { assignRequestId } from "@connector/http";
import { sendFailure } from "../src/http/send-failure.js";
import type { PagesOptions } from "../src/pages-options.js";

/** An unexpected failure may come after a write began: the page must not promise nothing changed. */
describe("the page for an unexpected failure", () => {
  it("asks the person to check before trying again, with the request id, and reports the error", async () => {
    const reported: unknown[] = [];
    const options = { reportError: (error: unknown) => reported.push(error) } as unknown as PagesOptions;
    const app = express();
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
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
