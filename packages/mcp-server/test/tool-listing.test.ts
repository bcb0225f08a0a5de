import { buildToolCatalogue, SCOPES, type Scope, ServiceError } from "@connector/core";
import { buildWorkspaceCards } from "@connector/mcp-apps";
import type { Tool } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { assertAllowedOrigin } from "../src/origin-check.js";
import { buildToolListings } from "../src/tool-listing.js";

describe("MCP tool listings", () => {
  const catalogue = buildToolCatalogue();
  const baseUrl = "https://connector.example";
  const app = { baseUrl, appName: "connector-card", appVersion: "1" };
  const built = buildToolListings(catalogue, baseUrl, { desk: buildWorkspaceCards("desk", app), resolve: buildWorkspaceCards("resolve", app) });
  const every = Object.keys(SCOPES) as Scope[];
  const listings: Record<"desk" | "resolve", Tool[]> = { desk: built.desk.forScopes(every), resolve: built.resolve.forScopes(every) };

  it("lists each workspace's own tools only, with title, description and the catalogue's input schema", () => {
    for (const workspace of ["desk", "resolve"] as const) {
      const names = listings[workspace].map((tool) => tool.name);
      expect(names).toEqual(catalogue.forWorkspace(workspace).map((tool) => tool.name));
      for (const tool of listings[workspace]) {
        const entry = catalogue.find(workspace, tool.name)!;
        expect(tool.title).toBe(entry.title);
        expect(tool.description).toBe(entry.description);
        expect(tool.inputSchema).toBe(entry.inputJsonSchema);
      }
    }
    expect(listings.desk.map((tool) => tool.name)).not.toContain("relay_approved_offer");
  });

  it("lists only the tools the connection's scopes let it call", () => {
    expect(built.desk.forScopes(["desk:read"]).map((tool) => tool.name)).not.toContain("create_placement_draft");
    expect(built.desk.forScopes(["desk:read"]).map((tool) => tool.name)).toContain("list_placement_drafts");
    expect(built.resolve.forScopes(["resolve:drafts"]).map((tool) => tool.name)).toEqual(["create_consumer_request_draft"]);
    expect(built.desk.forScopes([])).toEqual([]);
  });

  it("gives every tool an icon served by the service, and the card tools their ui:// resource", () => {
    for (const tool of [...listings.desk, ...listings.resolve]) {
      expect(tool.icons).toEqual([{ src: expect.stringMatching(/^https:\/\/connector\.example\/assets\/icon-[a-z]+\.[0-9a-f]+\.svg$/), mimeType: "image/svg+xml", sizes: ["any"] }]);
    }
    const cards = Object.fromEntries([...listings.desk, ...listings.resolve].map((tool) => [tool.name, tool._meta?.ui]));
    expect(cards).toMatchObject({
      create_placement_draft: { resourceUri: "ui://connector/placement-drafts" },
      list_placement_drafts: { resourceUri: "ui://connector/placement-drafts" },
      create_consumer_request_draft: { resourceUri: "ui://connector/consumer-requests" },
      list_consumer_requests: { resourceUri: "ui://connector/consumer-requests" },
      relay_approved_offer: { resourceUri: "ui://connector/approved-offer" },
    });
    expect(cards.list_accounts).toBeUndefined();
  });

  it("marks reads readOnlyHint and draft tools not read-only, none destructive", () => {
    const hints = Object.fromEntries(listings.desk.map((tool) => [tool.name, tool.annotations]));
    expect(hints.list_accounts).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(hints.create_placement_draft).toMatchObject({ readOnlyHint: false, destructiveHint: false });
  });
});

describe("Origin check (DNS rebinding)", () => {
  const allowed = new Set(["https://connector.example"]);

  it("passes requests without Origin and from allowed origins", () => {
    expect(() => assertAllowedOrigin(undefined, allowed)).not.toThrow();
    expect(() => assertAllowedOrigin("https://connector.example", allowed)).not.toThrow();
  });

  it("refuses any other origin with 403 forbidden_origin", () => {
    const error = (() => {
      try {
        assertAllowedOrigin("http://connector.example.attacker.test", allowed);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: "forbidden_origin", status: 403 });
  });
});
