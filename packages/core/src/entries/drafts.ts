/** `@connector/core/drafts`: Drafts saved for human review: saving them once per idempotency key (placement and consumer request drafts), queries, review, approval, discard, my drafts, copying a consumer request. */
export { type ApprovalResult, approvePlacementDraft } from "../drafts/approve-placement-draft.js";
export {
  COPY_NOTICE,
  type CopiedRequest,
  consumerRequestText,
  copyConsumerRequest,
} from "../drafts/copy-consumer-request.js";
export { type DraftSaver, mayDiscard } from "../drafts/discard-rule.js";
export type { DraftConflict } from "../drafts/draft-conflicts.js";
export { type DraftForReview, getDraftForReview } from "../drafts/draft-for-review.js";
export {
  DRAFTS_LISTED,
  type DraftDetail,
  getDraftCreator,
  getDraftDetail,
  listConsumerDrafts,
  listDeskDrafts,
} from "../drafts/draft-queries.js";
export { draftReviewPath } from "../drafts/draft-review-path.js";
export { listDeskDraftsAwaitingDecision, listMyDrafts, MY_DRAFTS_PAGE, type MyDraftsPage } from "../drafts/my-drafts.js";
export { type ReviewAction, type ReviewResult, reviewDraft } from "../drafts/review-draft.js";
export { type PlacementDraftAuthor, savePlacementDraft } from "../drafts/save-placement-draft.js";
export { DRAFT_SAVED_NOTICE, DRAFT_STATUS_NOTICE } from "../drafts/draft-notice.js";
export { IDEMPOTENCY_KEY_RETENTION_MS } from "../drafts/idempotent-draft.js";
export { type RequestDraftAuthor, saveConsumerRequestDraft } from "../drafts/save-consumer-request-draft.js";
