import { ENDPOINT_PATHS } from "@connector/auth";
import { PAGE_PATHS } from "@connector/ui";
import { describe, expect, it } from "vitest";

/**
 * Sign-in and sign-out are the OAuth server's routes (declared with them, in @connector/auth); the
 * pages' header and front door link to them by @connector/ui's PAGE_PATHS, which cannot import the
 * OAuth server. The assembly is where both are known: a link that drifted from its route fails here.
 */
describe("the site's links to the OAuth server's pages", () => {
  it("point where its routes are", () => {
    expect(PAGE_PATHS.signIn).toBe(ENDPOINT_PATHS.signIn);
    expect(PAGE_PATHS.signOut).toBe(ENDPOINT_PATHS.signOut);
  });
});
