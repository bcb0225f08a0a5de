import { ServiceError } from "../errors/service-error.js";
import type { DomainStores } from "../ports/domain-stores.js";
import { DESK_AGREEMENT } from "./desk-agreement.js";

/**
 * Spec §5.3: no live account is added to a Desk until its owner has accepted the current Desk
 * agreement. Every door that adds accounts (draft approval, `POST /api/v1/placements` with a
 * session or a desk key, the place screen) reaches this one check through its operation.
 */
export async function requireDeskAgreement(stores: Pick<DomainStores, "deskAgreements">, deskId: string): Promise<void> {
  if (await deskAgreementAccepted(stores, deskId)) return;
  throw new ServiceError(
    "agreement_required",
    `The Desk's owner must accept the Desk agreement (version ${DESK_AGREEMENT.version}) before accounts can be placed.`,
  );
}

/** Whether an owner of the Desk accepted the current version: the one question every door above asks. */
export function deskAgreementAccepted(stores: Pick<DomainStores, "deskAgreements">, deskId: string): Promise<boolean> {
  return stores.deskAgreements.acceptedByDeskOwner(deskId, DESK_AGREEMENT.version);
}
