import { describe, expect, it } from "vitest";
import { cookieSettings } from "../src/http/cookies.js";

describe("session cookies over https", () => {
  it("are Secure and __Host- prefixed when the base URL is https", () => {
    expect(cookieSettings("https://connector.example")).toMatchObject({
      session: "__Host-connector_session",
      signIn: "__Host-connector_signin",
      device: "__Host-connector_device",
      options: { httpOnly: true, sameSite: "lax", secure: true, path: "/" },
    });
  });
});
