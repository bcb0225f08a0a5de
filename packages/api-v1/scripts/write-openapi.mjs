// Writes the /api/v1 OpenAPI document into the repo at build time, so reviewers see API changes in
// diffs. The served copy is generated the same way at start.
import { mkdirSync, writeFileSync } from "node:fs";
import { API_V1_ROUTES, buildApiV1OpenApi } from "../dist/index.js";

const outDir = new URL("../openapi/", import.meta.url);
mkdirSync(outDir, { recursive: true });
writeFileSync(new URL("api-v1.json", outDir), `${JSON.stringify(buildApiV1OpenApi(API_V1_ROUTES), null, 2)}\n`);
