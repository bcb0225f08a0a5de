import { libraryConfig } from "@connector/build-config";

// The root entry is an embedding host's surface (catalogue, call path, policy, errors, ports);
// each subpath offers one concept (README.md lists them). Keep this list and package.json `exports`
// in step: one entry per file in src/entries.
export default libraryConfig({
  index: "src/index.ts",
  agency: "src/entries/agency.ts",
  "back-office": "src/entries/back-office.ts",
  "desk-agreement": "src/entries/desk-agreement.ts",
  domain: "src/entries/domain.ts",
  drafts: "src/entries/drafts.ts",
  errors: "src/entries/errors.ts",
  escalations: "src/entries/escalations.ts",
  guard: "src/entries/guard.ts",
  limits: "src/entries/limits.ts",
  phones: "src/entries/phones.ts",
  placements: "src/entries/placements.ts",
  policy: "src/entries/policy.ts",
  ports: "src/entries/ports.ts",
  resolve: "src/entries/resolve.ts",
  routing: "src/entries/routing.ts",
  schemas: "src/entries/schemas.ts",
  tools: "src/entries/tools.ts",
  tracing: "src/entries/tracing.ts",
  validation: "src/entries/validation.ts",
  workflow: "src/entries/workflow.ts",
});
