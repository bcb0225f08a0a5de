/** `@connector/core/back-office`: Review and approval of drafts, the Desk agreement, legacy placements and Account Workflow, written against the store ports. */
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
export { DESK_AGREEMENT, type DeskAgreement } from "../back-office/desk-agreement.js";
export { DESK_KINDS, type DeskKind } from "../back-office/desk-view.js";
export {
  acceptDeskAgreement,
  getDeskAgreementStatus,
  type DeskAgreementStatus,
} from "../back-office/desk-agreement-operations.js";
export { approvePlacementDraft, type ApprovalResult } from "../back-office/approve-placement-draft.js";
export { reviewDraft, type ReviewAction, type ReviewResult } from "../back-office/review-draft.js";
export {
  COPY_NOTICE,
  consumerRequestText,
  copyConsumerRequest,
  type CopiedRequest,
} from "../back-office/copy-consumer-request.js";
export {
  type ContactPreferenceChoices,
  contactPreferenceChoicesSchema,
  NO_CHOICES,
  UNWANTED_WAY_WORDS,
  UNWANTED_WAYS,
  type UnwantedWay,
} from "../resolve/contact-preference-choices.js";
export { fillText, type LetterLine, type LetterPiece, letterText, requestLetter } from "../resolve/request-letter.js";
export {
  DRAFTS_LISTED,
  getDraftCreator,
  getDraftDetail,
  listConsumerDrafts,
  listDeskDrafts,
  type DraftDetail,
} from "../back-office/draft-queries.js";
export { listDeskDraftsAwaitingDecision, listMyDrafts, MY_DRAFTS_PAGE, type MyDraftsPage } from "../back-office/my-drafts.js";
export { batchError } from "../back-office/batch-error.js";
export {
  MAX_PLACEMENT_AMOUNT,
  MAX_PLACEMENT_ROWS,
  PLACEMENT_COLUMNS,
  placementRowSchema,
  validatePlacementRows,
  type PlacementRowInput,
  type ValidPlacementRow,
} from "../legacy/placement-rows.js";
export {
  listPlacements,
  placeAccounts,
  type PlaceAccountsInput,
  type PlaceAccountsResult,
} from "../legacy/place-accounts.js";
export { queueAccountWorkflow } from "../workflow/queue-account-workflow.js";
export {
  accountReferences,
  cancelWorkflowRun,
  listWorkflowEvents,
  listWorkflowRuns,
  startAccountWorkflow,
} from "../workflow/workflow-operations.js";
export {
  ACCOUNT_WORKFLOW_STEPS,
  MAX_RUN_ATTEMPTS,
  executeWorkflowRun,
  type WorkflowRunOutcome,
  type WorkflowWorker,
} from "../workflow/execute-workflow-run.js";

// The Desk back office, part 2: agency invites, phones, skip count, escalations, routing doors.
export {
  INVITE_STATUSES,
  inviteStatus,
  toInviteView,
  type AgencyClientView,
  type AgencyInviteRecord,
  type AgencyInviteView,
  type AgencyMembershipView,
  type InviteStatus,
} from "../agency/invite-views.js";
export { inviteTokenHash, inviteUrl, newInviteToken } from "../agency/invite-token.js";
export {
  INVITE_DEFAULT_DAYS,
  INVITE_MAX_DAYS,
  inviteIdSchema,
  inviteTokenSchema,
  mintInviteInputSchema,
  peekInviteQuerySchema,
  redeemInviteInputSchema,
  type MintInviteInput,
  type RedeemInviteInput,
} from "../agency/invite-schemas.js";
export { clientDeskRequired, invalidInvite, notAnAgency, sessionRequired } from "../agency/agency-errors.js";
export {
  AGENCY_LIST_LIMIT,
  isClientOfAgency,
  listAgencyClients,
  listAgencyInvites,
  listAgencyMemberships,
  mintAgencyInvite,
  peekAgencyInvite,
  redeemAgencyInvite,
  revokeAgencyInvite,
} from "../agency/agency-operations.js";
export { parseArguments, parseShape } from "../schemas/parse-arguments.js";
export { maskPhone, normalizePhone, type NormalizedPhone, type PhoneProblem } from "../phones/normalize-phone.js";
export {
  MAX_PHONE_ROWS,
  phoneImportInputSchema,
  phoneImportRowSchema,
  type PhoneImportInput,
} from "../phones/phone-import-schema.js";
export {
  importPhones,
  type PhoneImportReport,
  type PhoneImportRow,
  type PhoneRowProblem,
  type PhoneRowStatus,
} from "../phones/import-phones.js";
export { skipInventory, type SkipAnswer, type SkipCount } from "../inventory/skip-count.js";
export {
  ESCALATION_NOTICE,
  ESCALATION_REASONS,
  createEscalation,
  escalationInputSchema,
  type EscalationReceipt,
} from "../escalations/create-escalation.js";
export {
  DOORS,
  RESOLVE_CHANNELS,
  askInputSchema,
  routeSchema,
  type Door,
  type ResolveChannel,
  type Route,
} from "../routing/door-route.js";
export { vendorFailed, vendorNotConfigured, vendorTimeout, type VendorName } from "../routing/vendor-errors.js";
export { routeByRules } from "../routing/route-by-rules.js";
export { DOOR_RATE_LIMIT } from "../routing/door-rate-limit.js";
export { routeAsk, routeDoorReadiness, routeWithService, type RouteAnswer } from "../routing/route-ask.js";
export { MAX_REPLY_CHARACTERS, RECEPTION_INSTRUCTIONS, receive, receptionReadiness, type ReceptionAnswer } from "../routing/reception.js";

// The consumer's own doors (/resolve): request drafts by form, approved offers.
export { saveConsumerRequestDraft, type RequestDraftAuthor } from "../resolve/save-consumer-request-draft.js";
export { createRequestDraftByForm } from "../resolve/request-draft-by-form.js";
export {
  getApprovedOffer,
  listApprovedOffers,
  offerReviewPath,
  OFFERS_LISTED,
  RELAY_NOTICE,
} from "../resolve/approved-offers.js";
export { RESOLVE_GUIDE, type GuideSection, type ResolveGuide } from "../tools/resolve-guide/resolve-guide.js";
