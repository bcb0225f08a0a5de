import type { PageSessions, UserConnection } from "./sessions/page-session.js";
import type { BackOfficeDeps } from "@connector/core/back-office";
import type { DeskKeyOperations, FixedWindowCounterStore } from "@connector/core/ports";

/** A person's connections: auth's listing with trails, and its revocation through the revocation feed. */
export interface ConnectionOperations {
  list(userId: string): Promise<UserConnection[]>;
  /** False when the grant is unknown, already revoked or someone else's. */
  revoke(userId: string, grantId: string): Promise<boolean>;
}

/** What the pages need, built once by the host: every rule lives behind these, none in a page. */
export interface PagesOptions {
  sessions: PageSessions;
  backOffice: BackOfficeDeps;
  connections: ConnectionOperations;
  deskKeys: DeskKeyOperations;
  /** The shared fixed-window counters, for the pages' own limits (letter PDFs per person). */
  counters: FixedWindowCounterStore;
  /** The service's public root, for invite links shown to people. */
  baseUrl: string;
  /** Told of failures that are not the person's doing (a 500 page), with the request's id. */
  reportError?: (error: unknown, requestId?: string) => void;
}
