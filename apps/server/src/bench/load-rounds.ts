import { type LoadResult, postLoad } from "./http-load.js";

export interface LoadTarget {
  name: string;
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** One round: each target's result, by name. */
export type Round = Map<string, LoadResult>;

/**
 * Loads the targets in turn, round after round, instead of one long run each: on a shared,
 * noisy machine a slow spell then hits every target of a round alike, and the ratio of two
 * targets within a round stays meaningful even when absolute figures drift between rounds.
 */
export async function loadInRounds(targets: readonly LoadTarget[], rounds: number, seconds: number): Promise<Round[]> {
  const results: Round[] = [];
  for (let round = 0; round < rounds; round++) {
    const thisRound: Round = new Map<string, LoadResult>();
    for (const target of targets) {
      thisRound.set(target.name, await postLoad(target.url, target.body, target.headers, seconds));
    }
    results.push(thisRound);
  }
  return results;
}

const median = (values: number[]): number => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Throughput, p99 and failures of one target over all rounds (medians; failures summed). */
export function summarize(rounds: readonly Round[], name: string): LoadResult {
  const results = rounds.map((round) => round.get(name)).filter((result) => result !== undefined);
  if (results.length === 0) return { requestsPerSecond: Number.NaN, p99Ms: Number.NaN, non2xx: 0 };
  return {
    requestsPerSecond: median(results.map((result) => result.requestsPerSecond)),
    p99Ms: median(results.map((result) => result.p99Ms)),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
  };
}

/** The median over rounds of numerator / denominator throughput, each ratio taken within one round. */
export function medianRatio(rounds: readonly Round[], numerator: string, denominator: string): number {
  return median(
    rounds.map(
      (round) => (round.get(numerator)?.requestsPerSecond ?? Number.NaN) / (round.get(denominator)?.requestsPerSecond ?? Number.NaN),
    ),
  );
}
