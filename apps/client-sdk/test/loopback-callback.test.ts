import { describe, expect, it } from "vitest";
import { startLoopbackCallback } from "../src/loopback-callback.js";

describe("startLoopbackCallback: the redirect endpoint of a program on the person's machine", () => {
  it("hands back each URL the browser returns with, in order, whether it came before or after next()", async () => {
    const callback = await startLoopbackCallback({ port: 0 });
    try {
      expect(callback.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      // The browser is faster than the program: the URL waits for next().
      const early = await fetch(`${callback.redirectUri}?code=c1&state=s1&iss=http%3A%2F%2F127.0.0.1`);
      expect(await early.text()).toBe("Connected. You can close this tab.");
      const first = await callback.next();
      expect(first.href).toBe(`${callback.redirectUri}?code=c1&state=s1&iss=http%3A%2F%2F127.0.0.1`);

      // The program waits first; a refusal still comes back, for handleCallback to turn into access_denied.
      const waiting = callback.next();
      const refused = await fetch(`${callback.redirectUri}?error=access_denied&state=s2`);
      expect(await refused.text()).toBe("The connection was not made (access_denied). You can close this tab.");
      expect((await waiting).searchParams.get("error")).toBe("access_denied");

      // Anything but the callback path is not an answer.
      expect((await fetch(callback.redirectUri.replace("/callback", "/favicon.ico"))).status).toBe(404);
    } finally {
      await callback.close();
    }
  });
});
