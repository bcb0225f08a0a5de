import { ServiceError } from "../errors/service-error.js";
import type { ConnectorPrincipal } from "../ports/connector-principal.js";

/** The desk a Desk connection acts for; a grant without one cannot read Desk records. */
export function deskOf(principal: ConnectorPrincipal): string {
  if (principal.deskId === undefined) {
    throw new ServiceError("wrong_workspace", "This connection is not linked to a Desk.");
  }
  return principal.deskId;
}

/** The consumer a Resolve connection acts for. */
export function consumerOf(principal: ConnectorPrincipal): string {
  if (principal.consumerId === undefined) {
    throw new ServiceError("wrong_workspace", "This connection is not linked to a Resolve consumer.");
  }
  return principal.consumerId;
}
