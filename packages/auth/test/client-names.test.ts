import { clientNameProblem } from "@connector/auth";
import { TEST_DIALECTS } from "@connector/store/testing";
import { insecure, OAuthTestClient, oauthError } from "@connector/testkit";
import * as oauth from "oauth4webapi";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInDeskOwner } from "./helpers/signed-in-fixture.js";

/**
 * An app's name is what a person is asked to trust on the consent page. RFC 7591 §3.2.2 lets the
 * server refuse metadata: a name carrying control, bidirectional-override or invisible characters
 * is `invalid_client_metadata`, and names are isolated wherever they are shown.
 */
const DISGUISED: Array<[string, string]> = [
  ["a right-to-left override", "Trusted\u202Egnp.exe"],
  ["a left-to-right isolate", "Bank\u2066 Agent"],
  ["a right-to-left mark", "Agent\u200F"],
  ["a zero-width space", "Pay\u200BPal"],
  ["a zero-width joiner", "Age\u200Dnt"],
  ["a soft hyphen", "Ag\u00ADent"],
  ["a Hangul filler", "Agent \u3164"],
  ["a no-break space", "Agent\u00A0One"],
  ["a tab", "Agent\tOne"],
  ["a line break", "Agent\nAllow all"],
  ["a line separator", "Agent\u2028One"],
  ["a private-use character", "Agent \uE000"],
  ["a NUL", "Agent\u0000"],
];

describe("the client name check", () => {
  it.each(DISGUISED)("names %s", (_label, name) => {
    expect(clientNameProblem(name)).toMatch(/control, bidirectional-override or invisible characters \(found U\+[0-9A-F]{4}\)/);
  });

  it.each(["Claude", "Agent Ünïcødé", "助手 アプリ", "وكيل الحسابات", "Résumé-Bot 2.0 (beta)", "Agent 🤖"])("accepts %s", (name) => {
    expect(clientNameProblem(name)).toBeUndefined();
  });

  it("still requires a name of at most 100 characters", () => {
    expect(clientNameProblem("  ")).toBe("client_name is required.");
    expect(clientNameProblem("a".repeat(101))).toMatch(/at most 100/);
  });
});

for (const dialect of TEST_DIALECTS) {
  describe(`registration refuses a disguised client name (${dialect})`, () => {
    const f = useSignedInDeskOwner(dialect);
    let as: oauth.AuthorizationServer;
    beforeAll(async () => {
      as = await OAuthTestClient.discover(f.server);
    });
    const clientCount = async () =>
      (await f.server.database.db.withTables<{ oauth_clients: { id: string } }>().selectFrom("oauth_clients").select("id").execute()).length;

    const register = async (clientName: string) =>
      oauth.processDynamicClientRegistrationResponse(
        await oauth.dynamicClientRegistrationRequest(
          as,
          { client_name: clientName, redirect_uris: [f.server.callbackUrl], token_endpoint_auth_method: "none" } as Partial<oauth.Client>,
          insecure,
        ),
      );

    it.each(DISGUISED)("with %s: invalid_client_metadata, and nothing registered", async (_label, name) => {
      const before = await clientCount();
      expect(await oauthError(register(name))).toEqual({ error: "invalid_client_metadata", status: 400 });
      expect(await clientCount()).toBe(before);
    });

    it("shows a right-to-left name isolated on the consent page, so the words around it keep their order", async () => {
      const arabic = await OAuthTestClient.register(f.server, { client_name: "وكيل الحسابات" });
      const prepared = await arabic.prepare();
      const page = await (await f.session.request(prepared.url)).text();
      expect(page).toContain("<strong><bdi>وكيل الحسابات</bdi></strong>");
      expect(page).toContain("<legend><bdi>وكيل الحسابات</bdi> asks to:</legend>");
      expect(page).toContain("<title>Connect \u2068وكيل الحسابات\u2069 to");
    });
  });
}
