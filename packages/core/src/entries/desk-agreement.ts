/** `@connector/core/desk-agreement`: The Desk agreement a desk accepts before placing accounts, and the check that it has. */
export { DESK_AGREEMENT, type DeskAgreement } from "../desk-agreement/desk-agreement.js";
export {
  acceptDeskAgreement,
  type DeskAgreementStatus,
  getDeskAgreementStatus,
  isDeskAgreementAccepted,
} from "../desk-agreement/desk-agreement-operations.js";
