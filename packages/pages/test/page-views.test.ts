import type { PageSession, UserConnection } from "../src/sessions/page-session.js";
import { DESK_AGREEMENT } from "@connector/core/desk-agreement";
import { DRAFT_STATUS_NOTICE } from "@connector/core/drafts";
import { describe, expect, it } from "vitest";
import { renderConnectionsPage } from "../src/views/connections/connections-page.js";
import { renderDraftPage } from "../src/views/drafts/draft-page.js";
import { renderOfferPage } from "../src/views/resolve/offer-page.js";
import { renderUploadPreviewPage } from "../src/views/desk/upload-preview-page.js";
import { asReader } from "@connector/ui";
import { placementTotals } from "@connector/core/placements";

const session: PageSession = {
  user: {
    userId: "u1",
    email: "owner@desk.example",
    displayName: "Owner <b>",
    deskId: "d1",
    deskRole: "owner",
    consumerId: null,
    createdAt: "2026-11-23T10:00:00.000Z",
  },
  actor: { kind: "desk", deskId: "d1", userId: "u1", role: "owner", via: "session" },
  person: { displayName: "Owner <b>", deskMember: true, consumer: false, signOutToken: "sign-out-token" },
  csrfToken: (form) => `token-for-${form}`,
  isValidCsrfToken: () => true,
};

const connection: UserConnection = {
  grantId: "g1",
  clientId: "c1",
  clientName: '<img src=x onerror="alert(1)"> Agent',
  workspace: "desk",
  scopes: ["desk:read"],
  createdAt: "2026-11-23T10:00:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
  revokedBy: null,
  dpopBound: true,
  activity: [{ tool: "list_accounts", at: "2026-11-23T10:01:00.000Z", result: "not_found" }],
};

/** Every POST form carries the CSRF token of its own purpose. */
function formsWithoutToken(html: string): string[] {
  const forms = html.match(/<form[^>]*method="post"[\s\S]*?<\/form>/g) ?? [];
  return forms.filter((form) => !/name="csrf_token" value="(token-for-[a-z-]+|sign-out-token)"/.test(form));
}

describe("the people's pages as HTML", () => {
  it("escapes what agents and people named, and guards every form with its CSRF token", () => {
    const html = renderConnectionsPage(session, {
      connections: [connection],
      drafts: { drafts: [], nextCursor: null, notice: DRAFT_STATUS_NOTICE, savedBy: {} },
      cursor: undefined,
    });
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x");
    // Revoking is a link to its confirmation page (whose form carries the token), never a one-click form here.
    expect(html).toContain('href="/connections/g1/revoke"');
    expect(html).not.toContain('value="token-for-revoke-connection"');
    expect(formsWithoutToken(html)).toEqual([]);
    // The trail in people's words: what the app did and how it went, never the tool's name or the code.
    expect(html).toContain("Listed your Desk's accounts");
    expect(html).toContain("Nothing found");
    expect(html).not.toContain("not_found");
    expect(html).not.toContain("list_accounts");
    expect(html).toContain("No drafts yet");
    // Its tokens are bound to the app's DPoP key: the card says only that key can use it.
    expect(html).toContain("Bound to its key");
    expect(html).toContain("Only this app's key can use it.");
  });

  it("shows the agreement before approval to an owner who has not accepted it, and never to a member", () => {
    const detail = {
      draft: {
        draftId: "00000000-0000-4000-8000-000000000001",
        kind: "placement" as const,
        title: "Drafted",
        accountCount: 1,
        reviewStatus: "awaiting_review" as const,
        createdAt: "2026-11-23T10:00:00.000Z",
        updatedAt: "2026-11-23T10:00:00.000Z",
      },
      accounts: [{ reference: "R-1", name: "Pat", amount: 10, currency: "USD" }],
      history: [],
      people: {},
      mayDiscard: true,
      conflicts: [],
      placed: [],
      notice: DRAFT_STATUS_NOTICE,
    };
    const agreement = { agreement: DESK_AGREEMENT, acceptance: null };
    const owner = renderDraftPage(session, { detail, agreement, owner: true });
    expect(owner).toContain("I accept the Desk agreement");
    expect(owner).toContain(`value="${DESK_AGREEMENT.version}"`);
    expect(formsWithoutToken(owner)).toEqual([]);
    const member = renderDraftPage(session, { detail, agreement, owner: false });
    expect(member).not.toContain("I accept the Desk agreement");
    expect(member).not.toContain("Approve and add");
    expect(member).toContain("Only the Desk's owner can approve");
  });

  it("says until when a file is kept with its time and zone, not a bare date (issue 48 item 15)", () => {
    const upload = {
      uploadId: "u1",
      size: 10,
      chunkBytes: 10,
      chunkCount: 1,
      received: [0],
      receivedBytes: 10,
      complete: true,
      agencyDeskId: null,
      expiresAt: "2026-11-29T18:30:00.000Z",
    };
    const html = asReader({ timeZone: "America/Chicago" }, () =>
      renderUploadPreviewPage(
        session,
        { upload, count: 1, sample: [{ reference: "R-1", name: "Pat", amount: 10, currency: "USD", creditor: null }], totals: placementTotals([{ amount: 10, currency: "USD" }]) },
        undefined,
      ),
    );
    expect(html).toMatch(/The file is kept until <time datetime="2026-11-29T18:30:00.000Z"[^>]*>[^<]*12:30[^<]*CST<\/time> \(a day\)/);
  });

  it("says what the whole file adds up to, per currency, in minor units, and the accounts without a balance (issue 48 item 15)", () => {
    const rows = [
      { amount: 0.1, currency: "USD" },
      { amount: 0.2, currency: "USD" },
      { amount: 1200, currency: "JPY" },
      { amount: null, currency: "USD" },
    ];
    const totals = placementTotals(rows);
    expect(totals).toEqual({ byCurrency: [{ currency: "JPY", minorUnits: 1200, accounts: 1 }, { currency: "USD", minorUnits: 30, accounts: 2 }], withoutBalance: 1 });
    const upload = { uploadId: "u1", size: 10, chunkBytes: 10, chunkCount: 1, received: [0], receivedBytes: 10, complete: true, agencyDeskId: null, expiresAt: "2026-11-29T18:30:00.000Z" };
    const html = renderUploadPreviewPage(session, { upload, count: 4, sample: [], totals }, undefined);
    expect(html).toContain("In all: 1,200.00 JPY over 1 account; 0.30 USD over 2 accounts; 1 account without a known balance (not counted as 0).");
  });

  it("shows offer terms with their line breaks, the text itself unchanged", () => {
    const consumer: PageSession = { ...session, actor: { kind: "consumer", consumerId: "c1", userId: "u1", via: "session" } };
    const terms = "Pay $300.00 in two payments.\nThe first is due 14 days after you accept.";
    const html = renderOfferPage(consumer, {
      offerId: "o1",
      accountReference: "REF-1",
      terms,
      approvedAt: "2026-11-23T10:00:00.000Z",
      expiresAt: "2026-11-30T10:00:00.000Z",
    });
    const shown = /<p id="offer-terms">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "";
    expect(shown).toBe("Pay $300.00 in two payments.<br/>\nThe first is due 14 days after you accept.");
  });
});
