import { libraryConfig } from "@connector/tsup-config";

// The root entry offers everything; each subpath offers one group, for embedders that want only
// the schemas, the guard or the catalogue (as the MCP SDK groups its exports).
export default libraryConfig({index: "src/index.ts", domain: "src/entries/domain.ts", errors: "src/entries/errors.ts", guard: "src/entries/guard.ts", limits: "src/entries/limits.ts", policy: "src/entries/policy.ts", ports: "src/entries/ports.ts", schemas: "src/entries/schemas.ts", tools: "src/entries/tools.ts", "back-office": "src/entries/back-office.ts", validation: "src/entries/validation.ts"});
