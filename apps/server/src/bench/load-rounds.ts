import { type DpopLoadKey, dpopPostLoad } from "./dpop-load.js";
import { type LoadResult, postLoad } from "./http-load.js";

export interface LoadTarget {
  name: string;
  url: string;
  body: string;
  headers: Record<string, string>;
  /** The server's database statements so far (PostgreSQL), to report statements per request. */
  statementsSent?: () => number;
  /** A DPoP-bound token: every request carries `Authorization: DPoP` and a proof of its own (dpop-load.ts). */
  dpop?: DpopLoadKey;
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
      const result =
        target.dpop === undefined
          ? await postLoad(target.url, target.body, target.headers, seconds, 16, target.statementsSent)
          : await dpopPostLoad(target.url, target.body, target.dpop, seconds, 16, target.statementsSent);
      thisRound.set(target.name, result);
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

/** Throughput, p99, CPU per request and failures of one target over all rounds (medians; failures summed). */
export function summarize(rounds: readonly Round[], name: string): LoadResult {
  const results = rounds.map((round) => round.get(name)).filter((result) => result !== undefined);
  if (results.length === 0) {
    return { requestsPerSecond: Number.NaN, p99Ms: Number.NaN, non2xx: 0, cpuMicrosPerRequest: Number.NaN, statementsPerRequest: Number.NaN, calls: 0 };
  }
  return {
    requestsPerSecond: median(results.map((result) => result.requestsPerSecond)),
    p99Ms: median(results.map((result) => result.p99Ms)),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    cpuMicrosPerRequest: median(results.map((result) => result.cpuMicrosPerRequest)),
    statementsPerRequest: median(results.map((result) => result.statementsPerRequest)),
    calls: results.reduce((sum, result) => sum + result.calls, 0),
  };
}

/** numerator / denominator throughput of each round, taken within the round. */
export function roundRatios(rounds: readonly Round[], numerator: string, denominator: string): number[] {
  return rounds.map(
    (round) => (round.get(numerator)?.requestsPerSecond ?? Number.NaN) / (round.get(denominator)?.requestsPerSecond ?? Number.NaN),
  );
}

/** The median of the rounds' ratios. */
export function medianRatio(rounds: readonly Round[], numerator: string, denominator: string): number {
  return median(roundRatios(rounds, numerator, denominator));
}
