import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

/**
 * Runs `work` under V8's CPU profiler in this process (the server's) and writes the profile to
 * `file` (`.cpuprofile`, readable by Chrome DevTools and by profile-steps.ts). The benchmark's
 * measured rounds are never profiled: a profiled round runs after them, on its own.
 */
export async function profiled<T>(file: string, work: () => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  // 100 µs between samples: fine enough for steps of a few µs over thousands of calls.
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  await session.post("Profiler.start");
  try {
    return await work();
  } finally {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}
