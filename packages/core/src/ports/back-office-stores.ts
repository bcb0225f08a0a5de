import type { ActorVia } from "../back-office/back-office-actor.js";
import type { DeskKind } from "../back-office/desk-view.js";
import type { CaseStatus } from "../domain/case-status.js";
import type { DraftReviewStatus } from "../domain/draft-status.js";
import type { ConsumerRequestDraftView, PlacementDraftView } from "../domain/views.js";
import type { PlacementAccountItem } from "../schemas/placement-draft.js";

/** What happened to a draft (spec §3): recorded once per act, never edited. */
export type DraftAction = "created" | "reviewed" | "approved" | "discarded" | "copied";

export interface DraftHistoryEntry {
  action: DraftAction;
  at: string;
  /** The person who acted; for `created`, the person whose connection saved it. Null for a desk key. */
  userId: string | null;
  via: ActorVia;
  /** The connection (grant) that saved the draft, for `created`. */
  grantId: string | null;
  /** The desk key used, when `via` is `desk_key`. */
  keyId: string | null;
}

export interface NewDraftHistoryEntry extends DraftHistoryEntry {
  draftId: string;
  draftKind: "placement" | "consumer_request";
}

/** Who saved a draft: its `created` entry, with the name of the connection's app when one saved it. */
export interface DraftCreator extends DraftHistoryEntry {
  draftId: string;
  /** The client name of the connection (grant) that saved it, revoked or not; null when none did. */
  connectionName: string | null;
}

export interface DraftHistoryStore {
  append(entry: NewDraftHistoryEntry): Promise<void>;
  /** Oldest first. */
  list(draftId: string): Promise<DraftHistoryEntry[]>;
  /**
   * The people who acted on this draft (its history's user ids), each with the name they go by:
   * a record kept or shared says who approved, not "you" (issue 48 item 9).
   */
  people(draftId: string): Promise<Array<{ userId: string; displayName: string }>>;
  /** Who saved each of these drafts, in one query (a page of a list); unknown ids are left out. */
  creators(draftIds: readonly string[]): Promise<DraftCreator[]>;
}

/** A placement draft as its Desk reviews it: the view plus the saved accounts. */
export interface PlacementDraftRecord extends PlacementDraftView {
  deskId: string;
  accounts: PlacementAccountItem[];
  /** The person whose connection saved it (who may discard it besides the owner). */
  savedByUserId: string;
}

export interface ConsumerRequestDraftRecord extends ConsumerRequestDraftView {
  consumerId: string;
  savedByUserId: string;
}

/** A keyset page of drafts, newest first; `nextCursor` is the last draft's id, null on the last page. */
export interface DraftPage<View> {
  drafts: View[];
  nextCursor: string | null;
}

/** Newest first, continuing after the draft whose id is `after` (an unknown id: an empty page). */
export interface DraftPageRequest {
  limit: number;
  after?: string;
}

/** Review operations on drafts, by owner (desk or consumer) rather than by connection. */
export interface DraftReviewStore {
  /**
   * The Desk's placement drafts saved through this person's connections; with `closedOnly`, only
   * those decided (approved or discarded).
   */
  pagePlacementDraftsOfUser(
    deskId: string,
    userId: string,
    page: DraftPageRequest & { closedOnly?: boolean },
  ): Promise<DraftPage<PlacementDraftView>>;
  /**
   * The Desk's placement drafts still waiting for a decision (awaiting review or reviewed; not
   * approved or discarded), whoever's connection saved them.
   */
  pageOpenPlacementDraftsOfDesk(deskId: string, page: DraftPageRequest): Promise<DraftPage<PlacementDraftView>>;
  /** The consumer's request drafts, through any of their connections or their own page. */
  pageConsumerRequests(consumerId: string, page: DraftPageRequest): Promise<DraftPage<ConsumerRequestDraftView>>;
  findPlacementDraft(deskId: string, draftId: string): Promise<PlacementDraftRecord | undefined>;
  /** Newest first: every placement draft of the Desk, whichever connection saved it. */
  listPlacementDrafts(deskId: string, limit: number): Promise<PlacementDraftView[]>;
  findConsumerRequest(consumerId: string, draftId: string): Promise<ConsumerRequestDraftRecord | undefined>;
  setPlacementDraftStatus(draftId: string, status: DraftReviewStatus, now: string): Promise<void>;
  setConsumerRequestStatus(draftId: string, status: DraftReviewStatus, now: string): Promise<void>;
}

export interface DeskAgreementAcceptance {
  version: string;
  acceptedAt: string;
}

export interface DeskAgreementStore {
  /** Records the owner's acceptance of `version`; accepting a version again keeps the first time. */
  accept(entry: { userId: string; deskId: string; version: string; acceptedAt: string }): Promise<DeskAgreementAcceptance>;
  find(userId: string, version: string): Promise<DeskAgreementAcceptance | undefined>;
  /** Whether a person who is now an owner of `deskId` accepted `version` for it (spec §5.3: placing needs it). */
  acceptedByDeskOwner(deskId: string, version: string): Promise<boolean>;
}

export interface DeskRecord {
  deskId: string;
  name: string;
  kind: DeskKind;
  /** Whether Account Workflow runs for accounts this Desk places (docs/decisions.md). */
  accountWorkflowEnabled: boolean;
}

export interface DeskStore {
  find(deskId: string): Promise<DeskRecord | undefined>;
}

/** Skip tracing state of a placed account (spec §4.3 "placements and skip"). */
export type SkipState = "unknown" | "not_skipped" | "skipped";

/** A live account placed through `/api/v1` or by approving a draft. */
export interface NewPlacement {
  accountId: string;
  deskId: string;
  /** The agency it is placed with: one this Desk is a client of. Absent or null: none. */
  agencyDeskId?: string | null;
  reference: string;
  name: string;
  /** Major units; null when the balance was not provided (spec §4.3 rule 1). */
  amount: number | null;
  currency: string;
  creditor: string | null;
  placedAt: string;
  /** The draft it was approved from, if any. */
  draftId: string | null;
}

export interface PlacementView {
  accountId: string;
  reference: string;
  /** The agency it was placed with, or null. */
  agencyDeskId: string | null;
  /** Major units, or null when the balance was not provided. */
  amount: number | null;
  currency: string;
  creditor: string | null;
  caseStatus: CaseStatus;
  skip: SkipState;
  placedAt: string;
}

export interface PlacementPage {
  placements: PlacementView[];
  nextCursor: string | null;
}

/** What a Desk person looks for among its placements (the place screen, its CSV export). */
export interface PlacementFilter {
  /** Part of a reference, any case ("000123" finds "HRP-000123"). */
  reference?: string;
  caseStatus?: CaseStatus;
  /** Only the accounts approving this draft added. */
  draftId?: string;
}

export interface PlacementStore {
  /** Which of `references` this Desk has already placed (live accounts). */
  placedReferences(deskId: string, references: readonly string[]): Promise<string[]>;
  /**
   * Inserts every placement, skipping any whose reference the Desk already holds (a concurrent
   * placement); returns the references actually inserted so the caller can refuse the batch.
   * With `pendingJob` the accounts are saved but not live: part of that placement job (issue 47),
   * live when the job is placed.
   */
  insert(placements: readonly NewPlacement[], options?: { pendingJob?: string }): Promise<string[]>;
  /**
   * Up to `limit` accounts of a placed job no longer marked with it (the mark only mattered before
   * the job was placed), the next in id order after `after`: their ids, ascending, so their Account
   * Workflow can be queued and the next slice go on from the last. Empty once all are.
   */
  releasePending(jobId: string, limit: number, after?: string): Promise<string[]>;
  /** Deletes up to `limit` accounts a job saved but never placed (it failed), in id order; how many. */
  deletePending(jobId: string, limit: number): Promise<number>;
  /**
   * Told that many accounts were just added in bulk (a file's job, every few tens of thousands): a
   * database that plans by statistics refreshes them, so lookups by reference keep using its index.
   */
  bulkAdded(): Promise<void>;
  /** Keyset page by accountId. */
  list(deskId: string, page: { limit: number; after?: string }): Promise<PlacementPage>;
  /**
   * Newest first (placed time, then id), filtered; continues after the placement whose id is
   * `after` (an id not of this Desk: an empty page).
   */
  pageNewestFirst(deskId: string, query: PlacementFilter & { limit: number; after?: string }): Promise<PlacementPage>;
  /** The live accounts approving this draft added, in reference order. */
  accountsOfDraft(deskId: string, draftId: string): Promise<Array<{ accountId: string; reference: string }>>;
  /** The ids among `accountIds` that are this Desk's accounts. */
  ownedAccountIds(deskId: string, accountIds: readonly string[]): Promise<string[]>;
  /** The references of those of `accountIds` that are this Desk's accounts. */
  referencesOf(deskId: string, accountIds: readonly string[]): Promise<Array<{ accountId: string; reference: string }>>;
}
