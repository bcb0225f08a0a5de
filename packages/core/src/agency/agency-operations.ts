import { assertDeskActor, type BackOfficeActor, type DeskActor, isSignedInDeskPerson } from "../back-office/back-office-actor.js";
import { type BackOfficeDeps, clockOf } from "../back-office/back-office-deps.js";
import { notFound } from "../errors/service-error.js";
import { newId } from "../ids/uuid-v7.js";
import type { AgencyRelation, AgencyStore } from "../ports/agency-phone-escalation-stores.js";
import type { DeskStore } from "../ports/back-office-stores.js";
import { IDENTIFIER_PATTERN } from "../schemas/identifier.js";
import { parseArguments, parseShape } from "../schemas/parse-arguments.js";
import { clientDeskRequired, invalidInvite, notAnAgency, sessionRequired } from "./agency-errors.js";
import { inviteIdSchema, mintInviteInputSchema, peekInviteQuerySchema, redeemInviteInputSchema } from "./invite-schemas.js";
import { inviteTokenHash, inviteUrl, newInviteToken } from "./invite-token.js";
import {
  type AgencyClientView,
  type AgencyInviteView,
  type AgencyMembershipView,
  inviteStatus,
  toInviteView,
} from "./invite-views.js";

/** Lists are bounded; an agency with more invites or clients than this pages in a later version. */
export const AGENCY_LIST_LIMIT = 200;
const DAY_MS = 86_400_000;

/** The acting Desk, which must be an agency (consumers are refused first, as on every Desk endpoint). */
async function agencyDesk(desks: DeskStore, actor: BackOfficeActor): Promise<DeskActor> {
  assertDeskActor(actor);
  if ((await desks.find(actor.deskId))?.kind !== "agency") throw notAnAgency();
  return actor;
}

/** Whether the acting Desk is an agency (the pages offer its invitations page only then). */
export async function isAgencyDesk(deps: BackOfficeDeps, actor: BackOfficeActor): Promise<boolean> {
  return actor.kind === "desk" && (await deps.stores.desks.find(actor.deskId))?.kind === "agency";
}

/** POST /api/v1/agency/invites: the link carries the token, shown this once and stored only as a hash. */
export async function mintAgencyInvite(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  input: unknown,
  link: { baseUrl: string },
): Promise<{ invite: AgencyInviteView; url: string }> {
  const agency = await agencyDesk(deps.stores.desks, actor);
  const { label, expiresInDays } = parseArguments(mintInviteInputSchema, input);
  const now = clockOf(deps);
  const token = newInviteToken();
  const record = await deps.stores.agency.createInvite({
    inviteId: newId(now.getTime()),
    agencyDeskId: agency.deskId,
    tokenHash: inviteTokenHash(token),
    label: label ?? null,
    createdByUserId: agency.userId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + expiresInDays * DAY_MS).toISOString(),
  });
  return { invite: toInviteView(record, now.toISOString()), url: inviteUrl(link.baseUrl, token) };
}

/** GET /api/v1/agency/invites: newest first, each with its status; never a token or link. */
export async function listAgencyInvites(deps: BackOfficeDeps, actor: BackOfficeActor): Promise<{ invites: AgencyInviteView[] }> {
  const agency = await agencyDesk(deps.stores.desks, actor);
  const now = clockOf(deps).toISOString();
  const invites = await deps.stores.agency.listInvites(agency.deskId, AGENCY_LIST_LIMIT);
  return { invites: invites.map((invite) => toInviteView(invite, now)) };
}

/** POST /api/v1/agency/invites/{inviteId}/revoke: idempotent; another agency's invite reads as absent. */
export async function revokeAgencyInvite(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  inviteId: string,
): Promise<{ invite: AgencyInviteView }> {
  const agency = await agencyDesk(deps.stores.desks, actor);
  const { inviteId: id } = parseArguments(inviteIdSchema, { inviteId });
  const now = clockOf(deps).toISOString();
  const revoked = await deps.stores.agency.revokeInvite(agency.deskId, id, now);
  if (revoked === undefined) throw notFound("invite");
  return { invite: toInviteView(revoked, now) };
}

/**
 * GET /api/v1/agency/invites/peek (public): the agency's name and the expiry of a live invite, so
 * the invite page can ask "Join …?". Anything else is the one `invalid_invite` answer.
 */
export async function peekAgencyInvite(
  deps: BackOfficeDeps,
  query: unknown,
): Promise<{ invite: { agencyName: string; expiresAt: string } }> {
  // A token is a secret the service minted, not caller prose: shape only. The personal-data guard
  // could read a run of its random digits as a number and refuse a real link.
  const { token } = parseShape(peekInviteQuerySchema, query);
  const invite = await deps.stores.agency.findInviteByTokenHash(inviteTokenHash(token));
  if (invite === undefined || inviteStatus(invite, clockOf(deps).toISOString()) !== "live") throw invalidInvite();
  return { invite: { agencyName: invite.agencyName, expiresAt: invite.expiresAt } };
}

/**
 * The membership an invite gave the signed-in desk that redeemed it, else undefined. Its link
 * opened again (Back, a reload, a bookmark) then says "you joined", not "cannot be used"; anyone
 * else still gets the one `invalid_invite` answer, which tells nothing apart.
 */
export async function findOwnRedeemedInvite(deps: BackOfficeDeps, actor: BackOfficeActor, query: unknown): Promise<AgencyMembershipView | undefined> {
  if (!isSignedInDeskPerson(actor)) return undefined;
  const { token } = parseShape(peekInviteQuerySchema, query);
  const invite = await deps.stores.agency.findInviteByTokenHash(inviteTokenHash(token));
  if (invite === undefined || invite.redeemedByDeskId !== actor.deskId) return undefined;
  const relation = await deps.stores.agency.findRelation(invite.agencyDeskId, actor.deskId);
  return relation === undefined ? undefined : membershipOf(relation);
}

/**
 * POST /api/v1/agency/invites/redeem: attaches the signed-in desk as a client of the agency (§3).
 * An invite is for one client desk: the first redemption uses it up, the same desk redeeming it
 * again gets the same membership back (nothing changes), any other desk gets `invalid_invite`.
 */
export async function redeemAgencyInvite(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  input: unknown,
): Promise<{ membership: AgencyMembershipView; alreadyMember: boolean }> {
  assertDeskActor(actor);
  if (!isSignedInDeskPerson(actor)) throw sessionRequired();
  const { token } = parseShape(redeemInviteInputSchema, input);
  const tokenHash = inviteTokenHash(token);
  const now = clockOf(deps).toISOString();
  return deps.stores.transaction(async ({ agency, desks }) => {
    const invite = await agency.findInviteByTokenHash(tokenHash);
    if (invite === undefined) throw invalidInvite();
    const status = inviteStatus(invite, now);
    const redeemedBySelf = status === "redeemed" && invite.redeemedByDeskId === actor.deskId;
    if (status !== "live" && !redeemedBySelf) throw invalidInvite();

    const desk = await desks.find(actor.deskId);
    if (desk === undefined || desk.kind === "agency") throw clientDeskRequired();

    const existing = await agency.findRelation(invite.agencyDeskId, desk.deskId);
    if (!redeemedBySelf && !(await agency.markInviteRedeemed(invite.inviteId, desk.deskId, now))) {
      // A concurrent redemption committed first. If it was this desk's (a double click), this is a retry.
      const after = await agency.findInviteByTokenHash(tokenHash);
      const relation = await agency.findRelation(invite.agencyDeskId, desk.deskId);
      if (after?.redeemedByDeskId !== desk.deskId || relation === undefined) throw invalidInvite();
      return { membership: membershipOf(relation), alreadyMember: true };
    }
    const relation = existing ?? (await agency.attachClient(invite.agencyDeskId, desk.deskId, invite.inviteId, now));
    return { membership: membershipOf(relation), alreadyMember: existing !== undefined };
  });
}

function membershipOf(relation: AgencyRelation): AgencyMembershipView {
  return { agencyDeskId: relation.agencyDeskId, agencyName: relation.agencyName, joinedAt: relation.joinedAt };
}

/** GET /api/v1/agency/clients: the client desks of this agency, first joined first. */
export async function listAgencyClients(deps: BackOfficeDeps, actor: BackOfficeActor): Promise<{ clients: AgencyClientView[] }> {
  const agency = await agencyDesk(deps.stores.desks, actor);
  const relations = await deps.stores.agency.listClients(agency.deskId, AGENCY_LIST_LIMIT);
  return {
    clients: relations.map((relation) => ({
      deskId: relation.clientDeskId,
      name: relation.clientName,
      kind: relation.clientKind,
      joinedAt: relation.joinedAt,
    })),
  };
}

/** GET /api/v1/agency/memberships: the agencies this desk is a client of. */
export async function listAgencyMemberships(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
): Promise<{ memberships: AgencyMembershipView[] }> {
  assertDeskActor(actor);
  const relations = await deps.stores.agency.listMemberships(actor.deskId, AGENCY_LIST_LIMIT);
  return {
    memberships: relations.map(membershipOf),
  };
}

/**
 * For placements with `agency_desk_id`: true only when this desk is a client of that agency. An
 * id that is not a UUID, unknown, or not this desk's agency is answered alike (false).
 */
export async function isClientOfAgency(agency: AgencyStore, clientDeskId: string, agencyDeskId: string): Promise<boolean> {
  if (!IDENTIFIER_PATTERN.test(agencyDeskId)) return false;
  return (await agency.findRelation(agencyDeskId.toLowerCase(), clientDeskId)) !== undefined;
}
