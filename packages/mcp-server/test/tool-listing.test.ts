import { buildToolCatalogue, ServiceError } from "@connector/core";
import { describe, expect, it } from "vitest";
import { assertAllowedOrigin } from "../src/origin-check.js";
import { buildToolListings } from "../src/tool-listing.js";

describe("MCP tool listings", () => {
  const catalogue = buildToolCatalogue();
  const listings = buildToolListings(catalogue);

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
