/**
 * The oldest Node this server runs on: 22.14, the first 22 with Node-API 10, which better-sqlite3 13's
 * prebuilt addon needs (on 22.13 and on 20 it crashes the process with a segmentation fault, and its
 * own `engines` says only `>=22`). Building from source needs 22.18 (tsdown's floor; package.json).
 */
const OLDEST = { major: 22, minor: 14 } as const;
/** The Node the README, the Dockerfile and CI run first. */
const RECOMMENDED_MAJOR = 24;

/** One line saying which Node to use, or undefined when `version` (`process.versions.node`) is supported. */
export function unsupportedNodeMessage(version: string): string | undefined {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  if (major > OLDEST.major || (major === OLDEST.major && minor >= OLDEST.minor)) return undefined;
  return (
    `This server needs Node.js ${OLDEST.major}.${OLDEST.minor} or later (${RECOMMENDED_MAJOR} recommended); this is Node.js ${version}. ` +
    `Without installing one: npx --yes -p node@${RECOMMENDED_MAJOR} -- node ${process.argv[1] ?? "apps/server/dist/main.js"}`
  );
}

/**
 * Stops the process with that line on an unsupported Node, before anything loads the database driver
 * (the entry points import the rest of the server only after this check).
 */
export function requireSupportedNode(): void {
  const message = unsupportedNodeMessage(process.versions.node);
  if (message === undefined) return;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
