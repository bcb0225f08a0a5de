/**
 * tsdown options as a plain object: typed without naming tsdown's own types, so a package's
 * `tsdown.config.ts` type-checks without reaching into this package's node_modules.
 */
export type LibraryConfig = Record<string, unknown>;

export declare function libraryConfig(entry?: Record<string, string>, overrides?: LibraryConfig): LibraryConfig;
