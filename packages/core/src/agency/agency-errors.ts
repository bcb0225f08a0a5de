import { ServiceError } from "../errors/service-error.js";

/**
 * Spec §3: an expired, revoked, redeemed or unknown invite is rejected with this one answer, so the
 * answer does not tell them apart (and so cannot confirm that a guessed token exists).
 */
export const invalidInvite = () =>
  new ServiceError("invalid_invite", "This invite link is not valid. Ask the agency for a new link.");

export const notAnAgency = () =>
  new ServiceError("not_an_agency", "Only an agency desk has invites and clients.");

export const clientDeskRequired = () =>
  new ServiceError("client_desk_required", "Only a creditor or buyer desk can join an agency as its client.");

export const sessionRequired = () =>
  new ServiceError("session_required", "Joining an agency needs a person signed in to the desk, not a desk key.");
