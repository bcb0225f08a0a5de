import { notFound } from "../errors/service-error.js";
import { newId } from "../ids/uuid-v7.js";
import type { AgencyRelation, AgencyStore, BackOfficeUnitOfWork, DeskSummary } from "../ports/agency-phone-escalation-stores.js";
import { parseArguments } from "../schemas/parse-arguments.js";
import { clientDeskRequired, invalidInvite, notAnAgency, sessionRequired } from "./agency-errors.js";
import type { DeskCaller } from "./desk-actor.js";
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

export interface BackOfficeContext {
  stores: BackOfficeUnitOfWork;
  baseUrl: string;
  now: () => Date;
}

async function agencyDesk(agency: AgencyStore, actor: DeskCaller): Promise<DeskSummary> {
  const desk = await agency.findDesk(actor.deskId);
  if (desk?.kind !== "agency") throw notAnAgency();
  return desk;
}

/** POST /api/v1/agency/invites: the link carries the token, shown this once and stored only as a hash. */
export async function mintAgencyInvite(
  context: BackOfficeContext,
  actor: DeskCaller,
  input: unknown,
): Promise<{ invite: AgencyInviteView; url: string }> {
  const { label, expiresInDays } = parseArguments(mintInviteInputSchema, input);
  const desk = await agencyDesk(context.stores.agency, actor);
  const now = context.now();
  const token = newInviteToken();
  const record = await context.stores.agency.createInvite({
    inviteId: newId(now.getTime()),
    agencyDeskId: desk.deskId,
    tokenHash: inviteTokenHash(token),
    label: label ?? null,
    createdByUserId: actor.userId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + expiresInDays * DAY_MS).toISOString(),
  });
  return { invite: toInviteView(record, now.toISOString()), url: inviteUrl(context.baseUrl, token) };
}

/** GET /api/v1/agency/invites: newest first, each with its status; never a token or link. */
export async function listAgencyInvites(context: BackOfficeContext, actor: DeskCaller): Promise<{ invites: AgencyInviteView[] }> {
  const desk = await agencyDesk(context.stores.agency, actor);
  const now = context.now().toISOString();
  const invites = await context.stores.agency.listInvites(desk.deskId, AGENCY_LIST_LIMIT);
  return { invites: invites.map((invite) => toInviteView(invite, now)) };
}

/** POST /api/v1/agency/invites/{inviteId}/revoke: idempotent; another agency's invite reads as absent. */
export async function revokeAgencyInvite(
  context: BackOfficeContext,
  actor: DeskCaller,
  inviteId: string,
): Promise<{ invite: AgencyInviteView }> {
  const { inviteId: id } = parseArguments(inviteIdSchema, { inviteId });
  const desk = await agencyDesk(context.stores.agency, actor);
  const now = context.now().toISOString();
  const revoked = await context.stores.agency.revokeInvite(desk.deskId, id, now);
  if (revoked === undefined) throw notFound("invite");
  return { invite: toInviteView(revoked, now) };
}

/**
 * GET /api/v1/agency/invites/peek (public): the agency's name and the expiry of a live invite, so
 * the invite page can ask "Join …?". Anything else is the one `invalid_invite` answer.
 */
export async function peekAgencyInvite(
  context: BackOfficeContext,
  query: unknown,
): Promise<{ invite: { agencyName: string; expiresAt: string } }> {
  const { token } = parseArguments(peekInviteQuerySchema, query);
  const invite = await context.stores.agency.findInviteByTokenHash(inviteTokenHash(token));
  if (invite === undefined || inviteStatus(invite, context.now().toISOString()) !== "live") throw invalidInvite();
  return { invite: { agencyName: invite.agencyName, expiresAt: invite.expiresAt } };
}

/**
 * POST /api/v1/agency/invites/redeem: attaches the signed-in desk as a client of the agency (§3).
 * An invite is for one client desk: the first redemption uses it up, the same desk redeeming it
 * again gets the same membership back (nothing changes), any other desk gets `invalid_invite`.
 */
export async function redeemAgencyInvite(
  context: BackOfficeContext,
  actor: DeskCaller,
  input: unknown,
): Promise<{ membership: AgencyMembershipView; alreadyMember: boolean }> {
  const { token } = parseArguments(redeemInviteInputSchema, input);
  if (actor.via !== "session") throw sessionRequired();
  const tokenHash = inviteTokenHash(token);
  const now = context.now().toISOString();
  return context.stores.transaction(async ({ agency }) => {
    const invite = await agency.findInviteByTokenHash(tokenHash);
    if (invite === undefined) throw invalidInvite();
    const status = inviteStatus(invite, now);
    const redeemedBySelf = status === "redeemed" && invite.redeemedByDeskId === actor.deskId;
    if (status !== "live" && !redeemedBySelf) throw invalidInvite();

    const desk = await agency.findDesk(actor.deskId);
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
export async function listAgencyClients(context: BackOfficeContext, actor: DeskCaller): Promise<{ clients: AgencyClientView[] }> {
  const desk = await agencyDesk(context.stores.agency, actor);
  const relations = await context.stores.agency.listClients(desk.deskId, AGENCY_LIST_LIMIT);
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
  context: BackOfficeContext,
  actor: DeskCaller,
): Promise<{ memberships: AgencyMembershipView[] }> {
  const relations = await context.stores.agency.listMemberships(actor.deskId, AGENCY_LIST_LIMIT);
  return {
    memberships: relations.map(membershipOf),
  };
}

/**
 * For placements with `agency_desk_id` (issue #10): true only when this desk is a client of that
 * agency. An agency id that is unknown or not this desk's agency is answered alike.
 */
export async function isClientOfAgency(agency: AgencyStore, clientDeskId: string, agencyDeskId: string): Promise<boolean> {
  return (await agency.findRelation(agencyDeskId, clientDeskId)) !== undefined;
}
