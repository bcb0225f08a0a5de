import { ServiceError } from "../errors/service-error.js";
import type { DeskAgreementAcceptance } from "../ports/back-office-stores.js";
import { assertDeskActor, assertSignedInOwner, type BackOfficeActor } from "../back-office/back-office-actor.js";
import { type BackOfficeDeps, clockOf } from "../back-office/back-office-deps.js";
import { DESK_AGREEMENT, type DeskAgreement } from "./desk-agreement.js";
import { deskAgreementAccepted } from "./require-desk-agreement.js";

export interface DeskAgreementStatus {
  agreement: DeskAgreement;
  /** The signed-in person's acceptance of the current version, or null. */
  acceptance: DeskAgreementAcceptance | null;
}

/** The current agreement, and whether the signed-in person accepted this version. Any Desk actor may read it. */
export async function getDeskAgreementStatus(deps: BackOfficeDeps, actor: BackOfficeActor): Promise<DeskAgreementStatus> {
  assertDeskActor(actor);
  const acceptance =
    actor.userId === null ? undefined : await deps.stores.deskAgreements.find(actor.userId, DESK_AGREEMENT.version);
  return { agreement: DESK_AGREEMENT, acceptance: acceptance ?? null };
}

/**
 * Whether this Desk may add accounts: an owner of it accepted the current version (what
 * `requireDeskAgreement` checks). Any Desk actor may ask; a page asks before it offers a place form.
 */
export async function isDeskAgreementAccepted(deps: BackOfficeDeps, actor: BackOfficeActor): Promise<boolean> {
  assertDeskActor(actor);
  return deskAgreementAccepted(deps.stores, actor.deskId);
}

/**
 * The signed-in owner accepts the agreement. `version` must be the current one, so nobody accepts a
 * text they did not see; accepting again keeps the first acceptance time.
 */
export async function acceptDeskAgreement(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  input: { version: string },
): Promise<DeskAgreementStatus> {
  assertDeskActor(actor);
  assertSignedInOwner(actor, "accept the Desk agreement");
  if (input.version !== DESK_AGREEMENT.version) {
    throw new ServiceError(
      "agreement_version_mismatch",
      `The current Desk agreement is version ${DESK_AGREEMENT.version}; read it and accept that version.`,
      { field: "version" },
    );
  }
  const acceptance = await deps.stores.deskAgreements.accept({
    userId: actor.userId,
    deskId: actor.deskId,
    version: DESK_AGREEMENT.version,
    acceptedAt: clockOf(deps).toISOString(),
  });
  return { agreement: DESK_AGREEMENT, acceptance };
}
