/** Latency of some requests made while the service is busy with other work, in ms. */
export interface ProbeLatency {
  name: string;
  /** Requests answered while probing. */
  calls: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers that were not the status expected (still timed). */
  failures: number;
}

export interface Probe {
  name: string;
  /** One request; resolves to its HTTP status. */
  call: () => Promise<number>;
  /** The status a good answer has (default 200). */
  expect?: number;
}

export interface RunningProbes {
  /** Stops sending, waits for the answers still out, and returns each probe's latency. */
  stop(): Promise<ProbeLatency[]>;
}

const percentile = (sorted: readonly number[], share: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;

/**
 * Sends each probe's request every `everyMs`, on a fixed schedule whether or not the previous one has
 * been answered: while the service is stalled, every request that falls due meanwhile waits and is
 * counted, not only the first (a client waiting for each answer before the next would hide a stall in
 * one sample). The probes take turns within the interval, so their requests do not arrive together.
 */
export function startProbes(probes: readonly Probe[], everyMs = 100): RunningProbes {
  const samples = probes.map((): number[] => []);
  const failures = probes.map(() => 0);
  const outstanding = new Set<Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  const fire = (index: number) => {
    const probe = probes[index]!;
    const started = performance.now();
    const answered = probe
      .call()
      .then(
        (status) => {
          if (status !== (probe.expect ?? 200)) failures[index]!++;
        },
        () => {
          failures[index]!++;
        },
      )
      .then(() => {
        samples[index]!.push(performance.now() - started);
        outstanding.delete(answered);
      });
    outstanding.add(answered);
  };
  probes.forEach((_probe, index) => {
    const offset = (everyMs / probes.length) * index;
    timers.push(
      setTimeout(() => {
        fire(index);
        timers.push(setInterval(() => fire(index), everyMs));
      }, offset),
    );
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all([...outstanding]);
      return probes.map((probe, index) => {
        const sorted = samples[index]!.sort((a, b) => a - b);
        return {
          name: probe.name,
          calls: sorted.length,
          p50Ms: percentile(sorted, 0.5),
          p99Ms: percentile(sorted, 0.99),
          maxMs: sorted.at(-1) ?? Number.NaN,
          failures: failures[index]!,
        };
      });
    },
  };
}
