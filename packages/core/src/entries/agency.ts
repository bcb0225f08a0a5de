/** `@connector/core/agency`: Agencies and their clients: invites (mint, peek, redeem, revoke), memberships, the invite token. */
export { clientDeskRequired, invalidInvite, notAnAgency, sessionRequired } from "../agency/agency-errors.js";
export {
  AGENCY_LIST_LIMIT,
  findOwnRedeemedInvite,
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
