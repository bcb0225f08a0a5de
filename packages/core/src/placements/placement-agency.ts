import type { BackOfficeDeps } from "../back-office/back-office-deps.js";
import { isClientOfAgency } from "../agency/agency-operations.js";
import { ServiceError } from "../errors/service-error.js";

/**
 * The agency to place with (`agency_desk_id`), lower-cased, or null for this Desk only. Only an
 * agency this Desk is a client of (it redeemed the agency's invite); an unknown agency id, or one
 * that is not this Desk's agency, is answered alike.
 */
export async function agencyToPlaceWith(deps: BackOfficeDeps, deskId: string, given: string | null | undefined): Promise<string | null> {
  const agencyDeskId = given === undefined || given === null || given === "" ? null : given.toLowerCase();
  if (agencyDeskId !== null && !(await isClientOfAgency(deps.stores.agency, deskId, agencyDeskId))) {
    throw new ServiceError(
      "agency_not_client",
      "This Desk is not a client of that agency. A Desk becomes an agency's client by redeeming the agency's invite.",
      { field: "agency_desk_id" },
    );
  }
  return agencyDeskId;
}
