/** `@connector/core/back-office`: Review and approval of drafts, the Desk agreement, legacy placements and Account Workflow, written against the store ports. */

export { clientDeskRequired, invalidInvite, notAnAgency, sessionRequired } from "../agency/agency-errors.js";
export {
  AGENCY_LIST_LIMIT,
  isAgencyDesk,
  isClientOfAgency,
  listAgencyClients,
  listAgencyInvites,
  listAgencyMemberships,
  mintAgencyInvite,
  peekAgencyInvite,
  redeemAgencyInvite,
  revokeAgencyInvite,
} from "../agency/agency-operations.js";
export {
  INVITE_DEFAULT_DAYS,
  INVITE_MAX_DAYS,
  inviteIdSchema,
  inviteTokenSchema,
  type MintInviteInput,
  mintInviteInputSchema,
  peekInviteQuerySchema,
  type RedeemInviteInput,
  redeemInviteInputSchema,
} from "../agency/invite-schemas.js";
export { inviteTokenHash, inviteUrl, newInviteToken } from "../agency/invite-token.js";
// The Desk back office, part 2: agency invites, phones, skip count, escalations, routing doors.
export {
  type AgencyClientView,
  type AgencyInviteRecord,
  type AgencyInviteView,
  type AgencyMembershipView,
  INVITE_STATUSES,
  type InviteStatus,
  inviteStatus,
  toInviteView,
} from "../agency/invite-views.js";
export { type ApprovalResult, approvePlacementDraft } from "../back-office/approve-placement-draft.js";
export type {
  ActorVia,
  BackOfficeActor,
  ConsumerActor,
  DeskActor,
} from "../back-office/back-office-actor.js";
export {
  assertConsumerActor,
  assertDeskActor,
  assertSignedInOwner,
  isSignedInDeskPerson,
  isSignedInOwner,
} from "../back-office/back-office-actor.js";
export type { BackOfficeDeps } from "../back-office/back-office-deps.js";
export { batchError } from "../back-office/batch-error.js";
export {
  COPY_NOTICE,
  type CopiedRequest,
  consumerRequestText,
  copyConsumerRequest,
} from "../back-office/copy-consumer-request.js";
export { DESK_AGREEMENT, type DeskAgreement } from "../back-office/desk-agreement.js";
export {
  acceptDeskAgreement,
  type DeskAgreementStatus,
  getDeskAgreementStatus,
  isDeskAgreementAccepted,
} from "../back-office/desk-agreement-operations.js";
export { DESK_KINDS, type DeskKind } from "../back-office/desk-view.js";
export { type DraftSaver, mayDiscard } from "../back-office/discard-rule.js";
export type { DraftConflict } from "../back-office/draft-conflicts.js";
export { type DraftForReview, getDraftForReview } from "../back-office/draft-for-review.js";
export {
  DRAFTS_LISTED,
  type DraftDetail,
  getDraftCreator,
  getDraftDetail,
  listConsumerDrafts,
  listDeskDrafts,
} from "../back-office/draft-queries.js";
export { draftReviewPath } from "../back-office/draft-review-path.js";
export { listDeskDraftsAwaitingDecision, listMyDrafts, MY_DRAFTS_PAGE, type MyDraftsPage } from "../back-office/my-drafts.js";
export {
  exportPlacements,
  PLACEMENT_EXPORT_LIMIT,
  type PlacementSearch,
  placementFilter,
  searchPlacements,
} from "../back-office/placement-search.js";
export { type ReviewAction, type ReviewResult, reviewDraft } from "../back-office/review-draft.js";
export { MAX_PLACEMENT_AMOUNT } from "../domain/money.js";
export {
  createEscalation,
  ESCALATION_NOTICE,
  ESCALATION_REASONS,
  type EscalationReceipt,
  escalationInputSchema,
} from "../escalations/create-escalation.js";
export { type SkipAnswer, type SkipCount, skipInventory } from "../inventory/skip-count.js";
export {
  listPlacements,
  type PlaceAccountsInput,
  type PlaceAccountsResult,
  placeAccounts,
} from "../legacy/place-accounts.js";
export {
  MAX_PLACEMENT_ROWS,
  PLACEMENT_COLUMNS,
  type PlacementRowInput,
  placementRowSchema,
  type ValidPlacementRow,
  validatePlacementRows,
} from "../legacy/placement-rows.js";
export { readCsvRows } from "../legacy/placement-csv.js";
export {
  importPhones,
  type PhoneImportReport,
  type PhoneImportRow,
  type PhoneRowProblem,
  type PhoneRowStatus,
} from "../phones/import-phones.js";
export { maskPhone, type NormalizedPhone, normalizePhone, type PhoneProblem } from "../phones/normalize-phone.js";
export {
  MAX_PHONE_ROWS,
  type PhoneImportInput,
  phoneImportInputSchema,
  phoneImportRowSchema,
} from "../phones/phone-import-schema.js";
export {
  getApprovedOffer,
  listApprovedOffers,
  OFFERS_LISTED,
  offerReviewPath,
  RELAY_NOTICE,
} from "../resolve/approved-offers.js";
export {
  type ContactPreferenceChoices,
  contactPreferenceChoicesSchema,
  NO_CHOICES,
  UNWANTED_WAY_WORDS,
  UNWANTED_WAYS,
  type UnwantedWay,
} from "../resolve/contact-preference-choices.js";
export { createRequestDraftByForm } from "../resolve/request-draft-by-form.js";
export { fillText, type LetterLine, type LetterPiece, letterText, requestLetter } from "../resolve/request-letter.js";
// The consumer's own doors (/resolve): request drafts by form, approved offers.
export { type RequestDraftAuthor, saveConsumerRequestDraft } from "../resolve/save-consumer-request-draft.js";
export { DOOR_RATE_LIMIT } from "../routing/door-rate-limit.js";
export {
  askInputSchema,
  DOORS,
  type Door,
  RESOLVE_CHANNELS,
  type ResolveChannel,
  type Route,
  routeSchema,
} from "../routing/door-route.js";
export { MAX_REPLY_CHARACTERS, RECEPTION_INSTRUCTIONS, type ReceptionAnswer, receive, receptionReadiness } from "../routing/reception.js";
export { type RouteAnswer, routeAsk, routeDoorReadiness, routeWithService } from "../routing/route-ask.js";
export { routeByRules } from "../routing/route-by-rules.js";
export { type VendorName, vendorFailed, vendorNotConfigured, vendorTimeout } from "../routing/vendor-errors.js";
export { parseArguments, parseShape } from "../schemas/parse-arguments.js";
export { type GuideSection, RESOLVE_GUIDE, type ResolveGuide } from "../tools/resolve-guide/resolve-guide.js";
export {
  ACCOUNT_WORKFLOW_STEPS,
  executeWorkflowRun,
  MAX_RUN_ATTEMPTS,
  type WorkflowRunOutcome,
  type WorkflowWorker,
} from "../workflow/execute-workflow-run.js";
export { queueAccountWorkflow } from "../workflow/queue-account-workflow.js";
export {
  accountReferences,
  cancelWorkflowRun,
  listWorkflowEvents,
  listWorkflowEventsNewestFirst,
  listWorkflowRuns,
  startAccountWorkflow,
} from "../workflow/workflow-operations.js";
