import type { GrantSummary } from "./auth-stores.js";

/**
 * The activity trail of a connection (a grant): which tool it called, when, and how it ended.
 * Never the arguments: a trail shows what an agent did, not what it said.
 */
export interface ConnectionActivityEntry {
  grantId: string;
  tool: string;
  /** ISO 8601. */
  at: string;
  /** `ok`, or the stable error code the call was answered with. */
  result: string;
}

export type ConnectionActivityView = Omit<ConnectionActivityEntry, "grantId">;

/**
 * Told of every connector tool call on the hot path. `record` never waits and never throws: the
 * host buffers entries and writes them in batches (docs/decisions.md, "Connection activity trail").
 */
export interface ConnectionActivityRecorder {
  record(entry: ConnectionActivityEntry): void;
}

export interface ConnectionActivityStore {
  /** Appends entries in order, then keeps only the newest `keep` of each grant touched. */
  append(entries: readonly ConnectionActivityEntry[], keep: number): Promise<void>;
  /** Newest first. */
  listByGrant(grantId: string, limit: number): Promise<ConnectionActivityView[]>;
}

/** One of a person's connections (an app they let act for them) with its activity trail, as the Connections screen shows it. */
export interface UserConnection extends GrantSummary {
  /** Newest first: tool, when, result (never the arguments). */
  activity: ConnectionActivityView[];
}
