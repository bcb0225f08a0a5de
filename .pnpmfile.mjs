// pnpm hooks for this workspace (pnpm 11 reads `.pnpmfile.mjs` beside the lockfile).

/** Packages whose published manifest keeps only what a consumer reads (issue 54). */
const STRIPPED_ON_PACK = new Set(["@connector/client"]);

/**
 * `pnpm pack` and `pnpm publish` write this manifest into the tarball. A registry user has no use for the
 * repository's own development: devDependencies on private `@connector/*@0.0.0` packages, or scripts that
 * only run inside this repository (`generate`, `check-packages`, the build).
 */
function beforePacking(manifest) {
  if (!STRIPPED_ON_PACK.has(manifest.name)) return manifest;
  const { devDependencies: _devDependencies, scripts: _scripts, ...published } = manifest;
  return published;
}

export const hooks = { beforePacking };
