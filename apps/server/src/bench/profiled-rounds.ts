import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { profiled } from "./cpu-profile.js";
import { postLoad } from "./http-load.js";
import type { LoadTarget } from "./load-rounds.js";
import { type StepShare, stepShares } from "./profile-steps.js";

/**
 * With `BENCH_PROFILE=<dir>`: one more round per target, under the CPU profiler, after the measured
 * rounds; each profile is written to `<dir>/<setup>-<target>.cpuprofile` and read back into CPU µs
 * per call of each step of the call (profile-steps.ts), printed as a table.
 */
export async function profileTargets(dir: string, setup: string, targets: readonly LoadTarget[], seconds: number): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const lines: string[] = [];
  for (const target of targets) {
    const file = join(dir, `${setup}-${target.name.split(" ")[0]!.toLowerCase()}.cpuprofile`);
    const result = await profiled(file, () => postLoad(target.url, target.body, target.headers, seconds, 16));
    lines.push(`CPU per call by step, ${target.name} on ${setup} (${result.calls} calls; ${file}):`, ...stepTable(stepShares(file, result.calls)), "");
  }
  return lines;
}

function stepTable(steps: readonly StepShare[]): string[] {
  const total = steps.reduce((sum, step) => sum + step.micros, 0);
  return [
    "| step | CPU µs per call | share |",
    "|---|---:|---:|",
    ...steps.map((step) => `| ${step.step} | ${step.micros.toFixed(1)} | ${(100 * step.share).toFixed(1)} % |`),
    `| **all** | **${total.toFixed(1)}** | 100 % |`,
  ];
}
