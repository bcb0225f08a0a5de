/**
 * `@connector/core`: the union of the subpaths, for consumers that want one import. Each subpath
 * (`@connector/core/errors`, `/policy`, `/domain`, `/schemas`, `/guard`, `/tools`, `/ports`, `/limits`,
 * `/back-office`)
 * lists its names explicitly, once, in `src/entries/`; the root adds none of its own, so a name is
 * published in exactly one list.
 */
export * from "./entries/errors.js";
export * from "./entries/policy.js";
export * from "./entries/domain.js";
export * from "./entries/schemas.js";
export * from "./entries/guard.js";
export * from "./entries/tools.js";
export * from "./entries/ports.js";
export * from "./entries/limits.js";
export * from "./entries/back-office.js";
