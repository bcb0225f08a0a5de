/**
 * tsup options as a plain object: typed without naming tsup's own types, so a package's
 * `tsup.config.ts` type-checks without reaching into this package's node_modules.
 */
export type LibraryConfig = Record<string, unknown>;

export declare function libraryConfig(entry?: Record<string, string>, overrides?: LibraryConfig): LibraryConfig;
