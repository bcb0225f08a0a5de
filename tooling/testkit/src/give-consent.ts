import { type BrowserSession, consentFields } from "./browser-session.js";

/**
 * The person's side of an authorization over HTTP, for any client that built its own authorization
 * URL: a signed-in session opens the URL and submits the consent form with the given boxes ticked
 * (default: all) and decision. Returns the callback URL the server redirected to.
 */
export async function giveConsent(
  session: BrowserSession,
  authorizationUrl: URL,
  choice: { decision?: "allow" | "deny"; scopes?: string[] } = {},
): Promise<URL> {
  const page = await session.request(authorizationUrl);
  if (page.status !== 200) throw new Error(`authorization page answered ${page.status}: ${await page.text()}`);
  const fields = consentFields(await page.text());
  const response = await session.postForm("/oauth/consent", {
    ...fields,
    granted_scope: choice.scopes ?? fields.scope!.split(" "),
    decision: choice.decision ?? "allow",
  });
  const location = response.headers.get("location");
  if (response.status !== 303 || location === null) throw new Error(`consent answered ${response.status}: ${await response.text()}`);
  return new URL(location);
}
