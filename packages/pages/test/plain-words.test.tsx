import type { PlacementDraftView } from "@connector/core/domain";
import type { PlacementView } from "@connector/core/ports";
import { asReader, renderFragment } from "@connector/ui";
import { describe, expect, it } from "vitest";
import { PlacementsAndRuns } from "../src/views/desk/placements-and-runs.js";
import { ConflictsNotice } from "../src/views/drafts/draft-conflicts.js";
import { connectionFacts } from "../src/views/site/connection-facts.js";
import { homePage } from "../src/views/site/home-page.js";

/** Issue 48 item 15: the trade's and the protocol's words kept off the pages people read. */
describe("plain words on the people's pages (issue 48 item 15)", () => {
  const placement = (reference: string, skip: PlacementView["skip"]): PlacementView => ({
    accountId: `id-${reference}`,
    reference,
    agencyDeskId: null,
    amount: 10,
    currency: "USD",
    creditor: null,
    caseStatus: "active",
    skip,
    placedAt: "2026-11-23T10:00:00.000Z",
  });

  it("says whether new contact details were searched for, not 'Skip trace' and the store's codes", () => {
    const html = renderFragment(
      <PlacementsAndRuns
        placements={{ placements: [placement("A-1", "not_skipped"), placement("A-2", "skipped"), placement("A-3", "unknown")], nextCursor: null }}
        runs={{ runs: [], nextCursor: null }}
        events={{ events: [], nextCursor: null }}
        references={new Map()}
        pageWith={() => "/place"}
        moved={{ placements: false, runs: false, events: false }}
        search={{}}
        exportUrl="/place/placements.csv"
      />,
    );
    expect(html).toContain("Search for new contact details");
    expect(html).not.toMatch(/skip/i);
    const cells = [...html.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1]);
    expect(cells).toEqual(expect.arrayContaining(["Not done", "Done", "Not recorded"]));
  });

  it("says a draft whose every account conflicts cannot be approved, not that approving 'would add nothing'", () => {
    const draft = { draftId: "d1" } as PlacementDraftView;
    const html = renderFragment(
      <ConflictsNotice draft={draft} accounts={[{ reference: "A-1", name: "Pat", amount: 10 }] as never} conflicts={[{ reference: "A-1", reason: "already_placed" }]} owner mayDiscard />,
    );
    expect(html).toContain("As it is, this draft cannot be approved: none of its accounts would be added.");
    expect(html).not.toContain("would add nothing");
  });

  it("keeps protocol names off the home page a consumer reads, in both languages", () => {
    const consumer = { displayName: "Ana", deskMember: false, consumer: true, signOutToken: "t" };
    for (const language of ["en", "es"] as const) {
      for (const person of [consumer, undefined]) {
        const html = asReader({ language }, () => homePage(connectionFacts("https://connector.example"), person));
        expect(html, language).not.toContain("PKCE");
        expect(html, language).not.toContain("S256");
        expect(html, language).not.toContain("desk:read");
      }
    }
  });
});
