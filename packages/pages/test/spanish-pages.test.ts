import type { UserConnection } from "../src/sessions/page-session.js";
import type { ApprovedOfferView, ConsumerRequestDraftView } from "@connector/core/domain";
import { consumerSession, requestDraft } from "./support/consumer-request.js";
import type { DraftForReview, MyDraftsPage } from "@connector/core/drafts";
import type { DraftCreator } from "@connector/core/ports";
import { type ExpiredOfferView, NO_CHOICES, RESOLVE_GUIDE, RESOLVE_GUIDES } from "@connector/core/resolve";
import { findUntranslatedCsvText, findUntranslatedText, translatedMessages } from "@connector/testkit";
import { asReader, CATALOGUES, SERVICE_NAME } from "@connector/ui";
import { describe, expect, it } from "vitest";
import { shapeLetter } from "../src/http/letter-choices.js";
import { renderConnectionsPage } from "../src/views/connections/connections-page.js";
import { renderDraftPage } from "../src/views/drafts/draft-page.js";
import { renderResolvePage } from "../src/views/resolve/resolve-page.js";
import { renderExpiredOfferPage, renderOfferPage, renderOfferUnavailablePage } from "../src/views/resolve/offer-page.js";
import { renderDeskOnlyPage } from "../src/views/shared/access-pages.js";
import {
  renderInvalidInvitePage,
  renderInviteAcceptedPage,
  renderInviteForConsumerPage,
  renderInvitePage,
} from "../src/views/desk/invite-page.js";
import { draftHistoryCsv } from "../src/views/drafts/draft-history-csv.js";
import { type CsvCell, csvRecords } from "../src/http/csv-cells.js";

/**
 * Issue 40: every page of a Resolve consumer's journey that this package renders (Resolve with the
 * guide, a refused request form, a draft and its letter, an offer with its deadline, Connections),
 * rendered in Spanish with realistic inputs, leaves no English: the catalogue's English messages and
 * the English guide are looked for, and so are English words. Names, amounts and the creditor's
 * own terms are the person's or the Desk's words, as they wrote them.
 */
const ENGLISH_TEXTS = [
  ...translatedMessages(CATALOGUES.en, CATALOGUES.es),
  RESOLVE_GUIDE.summary,
  RESOLVE_GUIDE.notLegalAdvice,
  ...RESOLVE_GUIDE.sections.flatMap((section) => [section.title, ...section.points]),
];

const session = consumerSession;
const person = session.person;
const draft = requestDraft;
const contactDraft = draft({});
const documentsDraft = draft({
  draftId: "01a221b2-2301-73bb-b4d0-78fd107ac585",
  requestKind: "documents",
  recipient: "Midland Recovery Group",
  reference: null,
  channel: "email",
  reviewStatus: "reviewed",
});
const byAgent: DraftCreator = {
  draftId: contactDraft.draftId,
  action: "created",
  at: contactDraft.createdAt,
  userId: "u1",
  via: "connection",
  grantId: "g1",
  keyId: null,
  connectionName: "Claude",
};
const bySite: DraftCreator = { ...byAgent, draftId: documentsDraft.draftId, via: "session", grantId: null, connectionName: null };
const drafts: MyDraftsPage = {
  drafts: [contactDraft, documentsDraft],
  nextCursor: "next-page",
  notice: "",
  savedBy: { [contactDraft.draftId]: byAgent, [documentsDraft.draftId]: bySite },
};
const offer: ApprovedOfferView = {
  offerId: "3f9a2c1e-8b7d-4e6f-9a1b-2c3d4e5f6a7b",
  accountReference: "ACC-20417",
  terms: "Pay $1,250.00 in three monthly payments.\nThe first payment is due 14 days after you accept.",
  approvedAt: "2026-11-26T14:00:00.000Z",
  expiresAt: "2026-12-15T23:59:00.000Z",
};
const expiredOffer: ExpiredOfferView = { offerId: "4a0b3d2f-9c8e-4f70-8b2c-3d4e5f6a7b8c", accountReference: "HRP-000124", expiresAt: "2026-11-20T23:59:00.000Z" };
const connections: UserConnection[] = [
  {
    grantId: "g1",
    clientId: "c-claude",
    clientName: "Claude",
    workspace: "resolve",
    scopes: ["resolve:read", "resolve:drafts"],
    createdAt: "2026-11-20T15:05:00.000Z",
    lastUsedAt: "2026-11-27T16:30:00.000Z",
    revokedAt: null,
    revokedBy: null,
    dpopBound: true,
    activity: [
      { tool: "create_consumer_request_draft", at: "2026-11-27T16:30:00.000Z", result: "ok" },
      { tool: "get_resolve_guide", at: "2026-11-27T16:29:00.000Z", result: "ok" },
      { tool: "relay_approved_offer", at: "2026-11-27T16:28:00.000Z", result: "not_found" },
      { tool: "create_consumer_request_draft", at: "2026-11-27T16:27:00.000Z", result: "forbidden_personal_data" },
      { tool: "a_newer_tool", at: "2026-11-27T16:26:00.000Z", result: "a_newer_outcome" },
    ],
  },
  {
    grantId: "g2",
    clientId: "c-reader",
    clientName: "Budget Helper",
    workspace: "resolve",
    scopes: ["resolve:read"],
    createdAt: "2026-11-25T09:00:00.000Z",
    lastUsedAt: null,
    revokedAt: null,
    revokedBy: null,
    dpopBound: false,
    activity: [],
  },
  {
    grantId: "g3",
    clientId: "c-old",
    clientName: "Old Assistant",
    workspace: "resolve",
    scopes: ["resolve:read", "resolve:drafts"],
    createdAt: "2026-11-01T09:00:00.000Z",
    lastUsedAt: "2026-11-02T09:00:00.000Z",
    revokedAt: "2026-11-03T09:00:00.000Z",
    revokedBy: "user",
    dpopBound: false,
    activity: [{ tool: "list_consumer_requests", at: "2026-11-02T09:00:00.000Z", result: "ok" }],
  },
];
const history = (subject: ConsumerRequestDraftView): DraftForReview => ({
  draft: subject,
  history: [
    { action: "created", at: subject.createdAt, userId: "u1", via: "connection", grantId: "g1", keyId: null },
    { action: "copied", at: "2026-11-27T16:40:00.000Z", userId: "u1", via: "session", grantId: null, keyId: null },
    { action: "reviewed", at: "2026-11-27T16:45:00.000Z", userId: "u1", via: "session", grantId: null, keyId: null },
  ],
  people: { u1: person.displayName },
  mayDiscard: true,
  conflicts: [],
  notice: "",
  placed: [],
}) as unknown as DraftForReview;

/** What the person, their agents and the Desk named, and the creditor's terms: shown as written. */
const NAMES = [
  SERVICE_NAME,
  "Resolve",
  person.displayName,
  "Claude",
  "Budget Helper",
  "Old Assistant",
  contactDraft.recipient,
  documentsDraft.recipient,
  "BC-88412",
  offer.accountReference,
  offer.offerId,
  expiredOffer.accountReference,
  ...offer.terms.split("\n"),
  "English",
  "before 10 a.m.",
];

const inSpanish = (render: () => string) => asReader({ language: "es", timeZone: "America/Chicago", path: "/resolve" }, render);
const untranslated = (html: string) => findUntranslatedText(html, { englishMessages: ENGLISH_TEXTS, names: NAMES });

describe("a Resolve consumer's pages in Spanish leave no English", () => {
  it("/resolve: the Spanish guide, offers with their deadline, drafts, the request form", () => {
    const html = inSpanish(() => renderResolvePage(session, { drafts, cursor: "page-2", offers: [offer], expiredOffers: [expiredOffer], idempotencyKey: "k1" }));
    expect(html).toContain('<html lang="es"');
    expect(html).toContain(RESOLVE_GUIDES.es.sections[0]!.title);
    expect(html).not.toContain(RESOLVE_GUIDE.sections[0]!.title);
    expect(html).toContain("Escribir un borrador de solicitud");
    // Issue 48 item 14: every link to an English page (the CFPB, eCFR, the attorneys general) says so.
    const englishLinks = html.match(/<a href="https:[^"]*" hreflang="en">/g) ?? [];
    expect(englishLinks.length).toBeGreaterThan(5);
    expect(html).toContain("Presentar una queja ante la CFPB</a> (en inglés)");
    expect(html).toContain("Encuentre al fiscal general de su estado</a> (en inglés)");
    const rules = html.match(/<p class="muted">Normas:[\s\S]*?<\/p>/g) ?? [];
    expect(rules.length).toBeGreaterThan(3);
    for (const line of rules) expect(line).toMatch(/ \(en inglés\)<\/p>$/);
    // Issue 48 item 4: the collector's reference is theirs, not "su referencia" (the reader's, with usted).
    expect(html).toContain("Referencia del cobrador: ");
    expect(html).not.toContain("Su referencia");
    // Issue 48 item 7: an offer past its deadline is listed as such, with a link that says what it means.
    expect(html).toContain("Ofertas vencidas");
    expect(html).toContain(`href="/resolve/offers/${expiredOffer.offerId}"`);
    expect(untranslated(html)).toEqual([]);
  });

  it("/resolve with a refused request form, and with nothing yet", () => {
    const refused = inSpanish(() =>
      renderResolvePage(session, {
        drafts,
        cursor: undefined,
        offers: [],
        expiredOffers: [],
        idempotencyKey: "k2",
        form: {
          problem: { fields: { recipient: CATALOGUES.es["resolve.form.problem.recipient"] } },
          values: { kind: "documents", channel: "mail" },
        },
      }),
    );
    expect(refused).toContain("Revise este campo:");
    expect(untranslated(refused)).toEqual([]);
    const empty = inSpanish(() =>
      renderResolvePage(session, { drafts: { drafts: [], nextCursor: null, notice: "", savedBy: {} }, cursor: undefined, offers: [], expiredOffers: [], idempotencyKey: "k3" }),
    );
    expect(untranslated(empty)).toEqual([]);
  });

  it("a draft's page and its letter: in Spanish, in English on the Spanish page, after a refused choice, just done", () => {
    const spanishLetter = inSpanish(() =>
      renderDraftPage(session, {
        detail: history(contactDraft),
        owner: false,
        creator: byAgent,
        letter: shapeLetter({ times: "antes de las 10 a. m.", zone: "America/Chicago", work: "on", ways: ["calls", "texts"], lawyer: "on" }),
      }),
    );
    expect(spanishLetter).toMatch(/<div class="letter" id="request-text" lang="es">/);
    expect(spanishLetter).toContain("hora central");
    // Issue 48 item 15: no rule citation inline in the consumer's form; the Discard box in one gender.
    expect(spanishLetter).not.toContain("(12 CFR 1006.6(c))");
    expect(spanishLetter).toContain("Al descartar este borrador, su solicitud se cierra definitivamente");
    // Issue 48 item 14: the link opens the CFPB's "Stop contacting me" letter itself (not its list of letters), a
    // Word file in English, and says so.
    expect(spanishLetter).toContain(
      '<a href="https://www.consumerfinance.gov/f/201509_cfpb_debt-collection-letter-3_stop-contacting.doc" hreflang="en">su carta modelo “<span lang="en">Stop contacting me</span>”',
    );
    expect(spanishLetter).toMatch(/pedir que dejen de comunicarse con usted \(un archivo de Word\)<\/a> \(en inglés\)/);
    expect(spanishLetter).not.toContain("answers/sample-letters");
    const englishPage = asReader({ language: "en" }, () =>
      renderDraftPage(session, { detail: history(contactDraft), owner: false, creator: byAgent, letter: shapeLetter({ ways: "calls" }) }),
    );
    expect(englishPage).toContain(
      'The CFPB publishes one: <a href="https://www.consumerfinance.gov/f/201509_cfpb_debt-collection-letter-3_stop-contacting.doc" hreflang="en">its sample letter “<span lang="en">Stop contacting me</span>” (a Word file)</a>.',
    );
    expect(untranslated(spanishLetter)).toEqual([]);

    const englishLetter = inSpanish(() =>
      renderDraftPage(session, { detail: history(contactDraft), owner: false, creator: byAgent, letter: shapeLetter({ letterLanguage: "en", times: "before 10 a.m.", zone: "America/Chicago", ways: "emails" }) }),
    );
    // The letter reads in English, set apart by its `lang`, on a page otherwise Spanish; its zone is named in English.
    expect(englishLetter).toMatch(/<div class="letter" id="request-text" lang="en">/);
    expect(englishLetter).toContain("Central Time");
    expect(englishLetter).toContain('value="en" checked');
    expect(untranslated(englishLetter)).toEqual([]);

    const refused = inSpanish(() =>
      renderDraftPage(session, { detail: history(contactDraft), owner: false, creator: byAgent, letter: shapeLetter({ places: "x".repeat(201) }) }),
    );
    expect(refused).toContain(CATALOGUES.es["resolve.choices.problem.places"]);
    expect(untranslated(refused)).toEqual([]);

    // Issue 48 item 12: a discarded request's letter is no longer "ready to send", with no Copy and no PDF.
    const discarded = inSpanish(() =>
      renderDraftPage(session, { detail: history({ ...documentsDraft, reviewStatus: "discarded" }), owner: false, creator: bySite, done: "discarded" }),
    );
    expect(discarded).toContain("Esta solicitud se descartó");
    expect(discarded).not.toContain("Su carta, lista para que usted la envíe");
    expect(discarded).not.toContain('id="request-text"');
    expect(discarded).not.toContain("letter.pdf");
    expect(untranslated(discarded)).toEqual([]);
    for (const done of ["reviewed", "discarded"] as const) {
      const page = inSpanish(() =>
        renderDraftPage(session, { detail: history(documentsDraft), owner: false, creator: bySite, done, letter: { choices: NO_CHOICES } }),
      );
      expect(untranslated(page)).toEqual([]);
    }
    const closed = inSpanish(() =>
      renderDraftPage(session, {
        detail: { ...history({ ...documentsDraft, reviewStatus: "discarded" }), mayDiscard: false },
        owner: false,
        creator: bySite,
        error: CATALOGUES.es["drafts.page.closed"],
      }),
    );
    expect(untranslated(closed)).toEqual([]);
  });

  it("an approved offer with its deadline: the creditor's terms as they wrote them", () => {
    const html = inSpanish(() => renderOfferPage(session, offer));
    expect(html).toContain("Fecha límite: ");
    expect(html).toContain("diciembre de 2026");
    expect(untranslated(html)).toEqual([]);
  });

  it("Connections: connected, read-only and revoked connections, the tools each may use, the trail, the drafts", () => {
    const html = inSpanish(() => renderConnectionsPage(session, { connections, drafts, cursor: undefined, revoked: true }));
    expect(html).toContain("Solo lectura: puede consultar, pero no puede guardar borradores.");
    expect(html).toContain("Guardar un borrador de solicitud");
    // A connection bound to its app's DPoP key says so, and one that is not says what a copy of its credentials could do.
    expect(html).toContain("Vinculada a su clave");
    expect(html).toContain("Solo la clave de esta aplicación puede usarla.");
    expect(html).toContain("No está vinculada a una clave");
    expect(untranslated(html)).toEqual([]);
    // Issue 48 item 10: two drafts with the same words, saved the same minute, are told apart by their number.
    const twin = { ...contactDraft, draftId: "01a221b2-2301-73bb-b4d0-78fd107ac599" };
    const twins = inSpanish(() =>
      renderConnectionsPage(session, { connections, drafts: { ...drafts, drafts: [contactDraft, twin], savedBy: { [twin.draftId]: byAgent } }, cursor: undefined }),
    );
    expect(twins).toContain("Borrador n.º 7AC584");
    expect(twins).toContain("Borrador n.º 7AC599");
    expect(untranslated(twins)).toEqual([]);
    const none = inSpanish(() => renderConnectionsPage(session, { connections: [], drafts: { drafts: [], nextCursor: null, notice: "", savedBy: {} }, cursor: undefined }));
    expect(untranslated(none)).toEqual([]);
  });
});

describe("what a consumer meets off their own pages, in Spanish (issue 48 item 6)", () => {
  it("an offer past its deadline: when it expired, nothing here accepts it, who can say more; a withdrawn one", () => {
    const expired = inSpanish(() => renderExpiredOfferPage(session, expiredOffer));
    expect(expired).toContain("La oferta para la cuenta HRP-000124 venció");
    expect(expired).toContain("Su fecha límite era esta fecha y hora: <time");
    expect(expired).toContain("20 de nov de 2026");
    expect(expired).toContain('href="/resolve"');
    expect(untranslated(expired)).toEqual([]);
    expect(untranslated(inSpanish(() => renderOfferUnavailablePage(session)))).toEqual([]);
  });

  it("a Desk page (place, agency): for companies, in plain words, with the way back to Resolve", () => {
    const html = inSpanish(() => renderDeskOnlyPage(session));
    expect(html).toContain("Esta página es para acreedores y agencias de cobranza");
    expect(html).toMatch(/<a href="\/resolve">Ir a Resolve<\/a>/);
    expect(html).not.toContain("Desk staff");
    expect(untranslated(html)).toEqual([]);
  });

  it("an agency's invitation link: for a company when a consumer opens it; the invite's own pages in Spanish too", () => {
    const forConsumer = inSpanish(() => renderInviteForConsumerPage(session));
    expect(forConsumer).toContain("Esta invitación es para una empresa");
    expect(forConsumer).toMatch(/<a href="\/resolve">Ir a Resolve<\/a>/);
    expect(untranslated(forConsumer)).toEqual([]);
    const invite = { agencyName: "Northwind Agency", expiresAt: "2026-12-05T17:00:00.000Z" };
    const names = [...NAMES, invite.agencyName];
    const shown = (html: string) => findUntranslatedText(html, { englishMessages: ENGLISH_TEXTS, names });
    for (const visitor of ["signed_out", "desk", "not_a_desk"] as const) {
      expect(shown(inSpanish(() => renderInvitePage(session, { token: "t", invite, visitor, signInUrl: "/signin" }))), visitor).toEqual([]);
    }
    expect(shown(inSpanish(() => renderInvalidInvitePage(session)))).toEqual([]);
    const membership = { agencyName: invite.agencyName, joinedAt: "2026-11-27T16:30:00.000Z" };
    expect(shown(inSpanish(() => renderInviteAcceptedPage(session, membership, true)))).toEqual([]);
    expect(shown(inSpanish(() => renderInviteAcceptedPage(session, membership, false)))).toEqual([]);
  });

  it("a draft's history as CSV: its header and words in Spanish, naming the person, not 'you'", () => {
    const download = asReader({ language: "es" }, () => draftHistoryCsv(history(contactDraft), "u1", byAgent));
    const csv = csvRecords([download.header, ...[...(download.pages as Iterable<ReadonlyArray<readonly CsvCell[]>>)].flat()]);
    expect(csv.split("\r\n")[0]).toBe("borrador,fecha_utc,acción,quién");
    expect(csv).toContain("Claude, una aplicación que conectó Rosa Martínez");
    expect(csv).toContain("Rosa Martínez, en este sitio");
    expect(findUntranslatedCsvText(csv, { englishMessages: ENGLISH_TEXTS, names: NAMES })).toEqual([]);
    // The same export in English names the person too (issue 48 item 9).
    const english = asReader({ language: "en" }, () => draftHistoryCsv(history(contactDraft), "u1", byAgent));
    const rows = [...(english.pages as Iterable<ReadonlyArray<readonly CsvCell[]>>)].flat();
    expect(rows.map((row) => row[3])).toEqual(["Claude, an app Rosa Martínez connected", "Rosa Martínez, on this site", "Rosa Martínez, on this site"]);
    // The check finds an English cell.
    expect(findUntranslatedCsvText("borrador,quién\r\nx,you on this site\r\n", { englishMessages: [], names: [] }).map((found) => found.where)).toEqual(["row 2, column 2"]);
  });
});

describe("a read-only connection on the Connections screen (issue 41)", () => {
  const english = (render: () => string) => asReader({ language: "en", timeZone: "America/Chicago", path: "/connections" }, render);
  it("says it plainly and lists only the tools its permissions leave", () => {
    const html = english(() => renderConnectionsPage(session, { connections: [connections[1]!], drafts, cursor: undefined }));
    expect(html).toContain("Read only: it can look, it cannot save drafts.");
    const tools = /<ul class="tools-left">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
    expect(tools).toContain("Read the guide");
    expect(tools).toContain("Look up an approved offer");
    expect(tools).not.toContain("Save a request draft");
  });
  it("lists the draft tool for a connection that may save drafts, and says it is not read only", () => {
    const html = english(() => renderConnectionsPage(session, { connections: [connections[0]!], drafts, cursor: undefined }));
    expect(html).not.toContain("Read only");
    expect(/<ul class="tools-left">([\s\S]*?)<\/ul>/.exec(html)?.[1]).toContain("Save a request draft");
  });
});
