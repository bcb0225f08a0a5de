import type { Language } from "@connector/core/resolve";
import type { ConsumerRequestDraftView } from "@connector/core/domain";
import { findUntranslatedText, translatedMessages } from "@connector/testkit";
import { asReader, CATALOGUES, SERVICE_NAME } from "@connector/ui";
import { describe, expect, it } from "vitest";
import { sendFailure } from "../../src/http/send-failure.js";
import type { PageSession, UserConnection } from "../../src/sessions/page-session.js";
import { authPages } from "../../src/views/oauth/auth-pages.js";
import type { ConsentForms } from "../../src/views/oauth/consent-page.js";
import type { ConsentRequest } from "../../src/views/oauth/consent-request.js";
import { allTools, readOnlyToolTitles, toolTitle } from "../../src/views/oauth/read-only-tools.js";
import { NOT_SAVED_FORMS } from "../../src/views/oauth/session-ended-words.js";
import { renderDiscardConfirmPage, renderRevokeConnectionConfirmPage, renderRevokeKeyConfirmPage } from "../../src/views/shared/confirm-pages.js";
import { renderMessagePage } from "../../src/views/shared/message-page.js";
import { connectionFacts } from "../../src/views/site/connection-facts.js";
import { homePage } from "../../src/views/site/home-page.js";
import { notFoundPage, serverErrorPage } from "../../src/views/site/status-pages.js";

/**
 * The catalogue check (issue 40) on the front door, the sign-in and consent pages, their error
 * pages and the shared confirmation and failure pages: each rendered in Spanish leaves no English
 * a person sees or hears, and the same page in English is found English (so the check looks).
 */
const ENGLISH_TEXTS = translatedMessages(CATALOGUES.en, CATALOGUES.es);
const CONSUMER = { displayName: "Ana O'Neil", deskMember: false, consumer: true, signOutToken: "sign-out-token" };
const DESK = { displayName: "Owen Price", deskMember: true, consumer: false, signOutToken: "sign-out-token" };
const USER = { userId: "u1", email: "ana@example.com", displayName: CONSUMER.displayName, deskId: null, deskRole: null, consumerId: "c1", createdAt: "2026-11-23T10:00:00.000Z" } as const;
const DESK_USER = { ...USER, displayName: DESK.displayName, deskId: "d1", deskRole: "owner", consumerId: null } as const;
const CLIENT_NAME = "Budget Helper for You";
const NAMES = ["Harbor Legal Aid Services", "help@harbor-legal-aid.example", SERVICE_NAME, "Resolve", "Desk", CONSUMER.displayName, DESK.displayName, CLIENT_NAME, "ana@example.com", "example.com", "app.example.com"];

const request = (workspace: "desk" | "resolve", published = false): ConsentRequest => ({
  client: {
    clientId: "client-1",
    clientName: CLIENT_NAME,
    redirectUris: ["https://app.example.com/callback"],
    createdAt: "2026-11-20T15:30:00.000Z",
  } as ConsentRequest["client"],
  redirectUri: "https://app.example.com/callback",
  state: "state-1",
  codeChallenge: "challenge",
  resource: `https://connector.example/mcp/${workspace}`,
  scopes: [`${workspace}:read`, `${workspace}:drafts`],
  workspace,
  publishedHost: published ? "app.example.com" : undefined,
} as ConsentRequest);
const forms = (person = CONSUMER): ConsentForms => ({ action: "/oauth/consent", consent: "consent-token", person, returnTo: "/oauth/authorize?x=1" });

const session = (person = CONSUMER, user: object = USER): PageSession =>
  ({
    user,
    actor: { kind: "consumer", consumerId: "c1", userId: "u1", via: "session" },
    person,
    csrfToken: (form: string) => `token-for-${form}`,
    isValidCsrfToken: () => true,
  }) as unknown as PageSession;

const connection: UserConnection = {
  grantId: "g1",
  clientId: "c1",
  clientName: CLIENT_NAME,
  workspace: "resolve",
  scopes: ["resolve:read"],
  createdAt: "2026-11-23T10:00:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
  revokedBy: null,
  dpopBound: false,
  activity: [],
};

/** A failure page as `sendFailure` writes it, captured instead of sent. */
function failurePage(error: unknown): string {
  let html = "";
  const res = {
    locals: { requestId: "req-123" },
    getHeader: () => undefined,
    setHeader() {},
    status() { return this; },
    set() { return this; },
    end(body: string) { html = body; },
    writeHead() { return this; },
    headersSent: false,
  };
  sendFailure({} as never, res as never, session(), error);
  return html;
}

const facts = connectionFacts("https://connector.example");
const OPERATOR = { name: "Harbor Legal Aid Services", contact: "help@harbor-legal-aid.example" };
const PAGES: Record<string, () => string> = {
  "home, signed out": () => homePage(facts, undefined),
  "home, signed out, the operator named": () => homePage(facts, undefined, OPERATOR),
  "home, consumer": () => homePage(facts, CONSUMER),
  "home, desk": () => homePage(facts, DESK),
  "not found, signed in": () => notFoundPage(CONSUMER, "req-123"),
  "not found, signed out": () => notFoundPage(undefined),
  "server error": () => serverErrorPage("req-123"),
  "sign-in": () => authPages.signIn({ csrfToken: "t", returnTo: undefined, forAnApp: false }),
  "sign-in for an app, wrong password": () =>
    authPages.signIn({ csrfToken: "t", returnTo: "/oauth/authorize?x=1", forAnApp: true, email: "ana@example.com", error: { reason: "incorrect" } }),
  "sign-in, form expired": () => authPages.signIn({ csrfToken: "t", returnTo: undefined, forAnApp: false, error: { reason: "form-expired" } }),
  "sign-in, paced": () => authPages.signIn({ csrfToken: "t", returnTo: undefined, forAnApp: false, error: { reason: "paced", seconds: 12 } }),
  "sign-in, session ended": () => authPages.signIn({ csrfToken: "t", returnTo: "/resolve", forAnApp: false, ended: {} }),
  ...Object.fromEntries(
    [...NOT_SAVED_FORMS, "some-new-form"].map((form) => [
      `sign-in, session ended, ${form} not saved`,
      () => authPages.signIn({ csrfToken: "t", returnTo: "/resolve", forAnApp: false, ended: { notSaved: form } }),
    ]),
  ),
  "signed out": () => authPages.signedOut(),
  "consent, Resolve, unverified app": () => authPages.consent(request("resolve"), USER, forms()),
  "consent, Resolve, published app": () => authPages.consent(request("resolve", true), USER, forms()),
  "consent, Desk": () => authPages.consent(request("desk"), DESK_USER, forms(DESK)),
  "wrong account, consumer asked for Desk": () => authPages.wrongAccount(request("desk"), USER, forms()),
  "wrong account, Desk owner asked for Resolve": () => authPages.wrongAccount(request("resolve", true), DESK_USER, forms(DESK)),
  "error, sign-out form expired": () => authPages.error({ reason: "sign-out-form-expired" }),
  "error, consent form expired": () => authPages.error({ reason: "consent-form-expired" }),
  "error, consent session ended": () => authPages.error({ reason: "consent-session-ended" }),
  "error, too many sign-ins": () => authPages.error({ reason: "too-many-sign-ins" }),
  "error, unavailable": () => authPages.error({ reason: "unavailable" }),
  ...Object.fromEntries(
    ["invalid_client", "invalid_redirect_uri", "invalid_scope", "invalid_target", "server_error", "invalid_request"].map((code) => [
      `error, ${code}`,
      () => authPages.error({ reason: "request-failed", appCannotConnect: code.startsWith("invalid_c"), error: code, description: "redirect_uri is not registered for this client." }),
    ]),
  ),
  "message page": () => renderMessagePage(session(), { title: "No se encontró", status: "No existe." }),
  "message page, signed out": () => renderMessagePage(undefined, { title: "No se encontró", status: "No existe." }),
  "discard a request draft": () =>
    renderDiscardConfirmPage(session(), {
      kind: "consumer_request",
      draftId: "dr1",
      requestKind: "documents",
      recipient: "Cobranzas del Norte",
      reference: null,
      channel: "mail",
      reviewStatus: "awaiting_review",
      createdAt: "2026-11-23T10:00:00.000Z",
      updatedAt: "2026-11-23T10:00:00.000Z",
    } satisfies ConsumerRequestDraftView),
  "revoke a connection": () => renderRevokeConnectionConfirmPage(session(), connection),
  "revoke a desk key": () =>
    renderRevokeKeyConfirmPage(session(DESK, DESK_USER), { keyId: "k1", name: "Nightly import", createdAt: "2026-11-23T10:00:00.000Z", lastUsedAt: null } as never),
  "failure, server error": () => failurePage(new Error("boom")),
};

const inLanguage = (language: Language, render: () => string) => asReader({ language, timeZone: "America/Chicago", path: "/" }, render);
const untranslated = (html: string, names: string[] = NAMES) => findUntranslatedText(html, { englishMessages: ENGLISH_TEXTS, names });

describe("the front door, sign-in, consent and shared pages in Spanish", () => {
  it.each(Object.keys(PAGES))("%s: no English left in Spanish, and English found in English", (name) => {
    const spanish = inLanguage("es", PAGES[name]!);
    expect(spanish).toContain('<html lang="es"');
    // The desk key's name is the Desk's own: a name, like the client's.
    expect(untranslated(spanish, [...NAMES, "Nightly import"])).toEqual([]);
    const english = inLanguage("en", PAGES[name]!);
    expect(untranslated(english, [...NAMES, "Nightly import"]).length, "the check finds the English page English").toBeGreaterThan(0);
  });

  it("names who runs the service, and how to reach them, where the front door says whom to ask for a password (issue 48 item 11)", () => {
    const named = inLanguage("es", () => homePage(facts, undefined, OPERATOR));
    expect(named).toContain("Este servicio lo administra <bdi>Harbor Legal Aid Services</bdi>");
    expect(named).toContain("puede comunicarse con ella en <bdi>help@harbor-legal-aid.example</bdi>");
    const english = inLanguage("en", () => homePage(facts, undefined, { name: OPERATOR.name }));
    expect(english).toContain("This service is run by <bdi>Harbor Legal Aid Services</bdi>. They set up accounts and new passwords.");
    expect(inLanguage("en", () => homePage(facts, undefined))).not.toContain("This service is run by");
  });

  it("keeps the English pages' words (the catalogue holds the words the pages had)", () => {
    const consent = inLanguage("en", () => authPages.consent(request("resolve"), USER, forms()));
    expect(consent).toContain("Allow read only");
    expect(consent).toContain("Get the Resolve guide");
    expect(inLanguage("en", () => authPages.signIn({ csrfToken: "t", returnTo: undefined, forAnApp: false, error: { reason: "paced", seconds: 12 } }))).toContain(
      "Wait 12 seconds and try again; the account is not locked.",
    );
    expect(inLanguage("en", () => authPages.error({ reason: "too-many-sign-ins" }))).toContain("Too many failed sign-ins from this address. Try again in 15 minutes.");
  });

  it("names each permission in words, never by its scope code, which stays the checkbox's value (issue 48 item 15)", () => {
    for (const language of ["en", "es"] as const) {
      for (const workspace of ["desk", "resolve"] as const) {
        const consent = inLanguage(language, () => authPages.consent(request(workspace), workspace === "desk" ? DESK_USER : USER, forms(workspace === "desk" ? DESK : CONSUMER)));
        for (const scope of [`${workspace}:read`, `${workspace}:drafts`] as const) {
          expect(consent).toContain(`<input type="checkbox" name="granted_scope" value="${scope}" checked/> ${CATALOGUES[language][`oauth.scope.${scope}`]}`);
          // The code appears only as the value the form sends (and in the request carried in hidden fields).
          expect(consent.replaceAll(`value="${scope}"`, "").replaceAll(/value="[^"]*"/g, "")).not.toContain(scope);
        }
        expect(consent).not.toContain("<code>");
      }
    }
  });

  it("says the read-only choice in Spanish, with every tool's title in Spanish", () => {
    const consent = inLanguage("es", () => authPages.consent(request("resolve"), USER, forms()));
    expect(consent).toContain("Permitir solo lectura");
    expect(consent).toContain("Consultar la guía de Resolve");
    expect(inLanguage("es", () => readOnlyToolTitles("resolve").join(", "))).toContain("Mostrar una oferta aprobada");
    // Every tool of core's catalogue has its own title in each language: a new tool without one fails here.
    for (const tool of allTools()) {
      expect(Object.hasOwn(CATALOGUES.en, `oauth.tool.${tool.name}`), tool.name).toBe(true);
      expect(inLanguage("en", () => toolTitle(tool))).toBe(tool.title);
      expect(inLanguage("es", () => toolTitle(tool))).not.toBe(tool.title);
    }
  });

  it("shows an OAuth error in Spanish, with what the app was told marked as English", () => {
    const html = inLanguage("es", () =>
      authPages.error({ reason: "request-failed", appCannotConnect: true, error: "invalid_redirect_uri", description: "redirect_uri is not registered for this client." }),
    );
    expect(html).toContain("Esta app no se puede conectar");
    expect(html).toContain('<span lang="en">redirect_uri is not registered for this client.</span>');
  });
});
