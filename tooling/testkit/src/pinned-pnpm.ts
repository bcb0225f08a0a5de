import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The workspace's pnpm, from the root `package.json`'s `packageManager` ("pnpm@11.28.10"). */
const PINNED = JSON.parse(readFileSync(fileURLToPath(new URL("../../../package.json", import.meta.url)), "utf8")).packageManager as string;

/**
 * The command that runs the workspace's own pnpm version with `args`, for tests that run pnpm the way
 * an operator or a release job would (`deploy`, `pack`, `publish`). Under `pnpm test` that pnpm is
 * already running the test's script (pnpm names itself in `npm_execpath` and `npm_config_user_agent`),
 * so it is started directly; otherwise `npx --yes pnpm@<version>` fetches that version. npx's own start
 * (npm's CLI) cost about a core-second per call (issue 21).
 */
export function pinnedPnpm(args: string[]): { command: string; args: string[] } {
  const running = process.env.npm_execpath;
  const version = PINNED.split("@")[1];
  if (running !== undefined && /\bpnpm\b/.test(running) && process.env.npm_config_user_agent?.startsWith(`pnpm/${version} `)) {
    return { command: process.execPath, args: [running, ...args] };
  }
  return { command: "npx", args: ["--yes", PINNED, ...args] };
}
