/** `@connector/core/domain`: Domain values and views: case and draft statuses, money, record views, ids. */
export { CASE_STATUSES, type CaseStatus } from "../domain/case-status.js";
export { DRAFT_REVIEW_STATUSES, type DraftReviewStatus } from "../domain/draft-status.js";
export { fitsMinorUnits, minorUnitExponent, minorUnitsRuleMessage, toMinorUnits, type Money } from "../domain/money.js";
export {
  PAYMENT_METHODS,
  PAYMENT_OUTCOMES,
  type AccountView,
  type ApprovedOfferView,
  type ConsumerRequestDraftView,
  type PaymentMethod,
  type PaymentOutcome,
  type PaymentRecordView,
  type PlacementDraftView,
} from "../domain/views.js";
export type { DeskRole } from "../domain/desk-role.js";
export { idSequence, newId } from "../ids/uuid-v7.js";
