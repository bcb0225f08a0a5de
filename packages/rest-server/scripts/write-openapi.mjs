// Writes the OpenAPI documents generated from the catalogue into the repo at build time, so
// reviewers see API changes in diffs. The served copies are generated the same way at start.
import { mkdirSync, writeFileSync } from "node:fs";
import { buildToolCatalogue } from "@connector/core";
import { buildOpenApiDocument } from "../dist/index.js";

const catalogue = buildToolCatalogue();
const outDir = new URL("../openapi/", import.meta.url);
mkdirSync(outDir, { recursive: true });
const documents = {
  "connectors.json": buildOpenApiDocument(catalogue),
  "desk.json": buildOpenApiDocument(catalogue, { workspace: "desk" }),
  "resolve.json": buildOpenApiDocument(catalogue, { workspace: "resolve" }),
};
for (const [name, document] of Object.entries(documents)) {
  writeFileSync(new URL(name, outDir), `${JSON.stringify(document, null, 2)}\n`);
}
