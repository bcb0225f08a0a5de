import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A path inside this package (its `assets/`, its `dist/`), found by walking up to the package's own
 * package.json: the same code runs bundled from `dist/` and from `src/<folder>/` in the tests.
 */
export function packageFile(relative: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`@connector/pages: no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return join(dir, relative);
}
