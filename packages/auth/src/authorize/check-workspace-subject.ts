import type { Workspace } from "@connector/core";
import type { UserRecord } from "@connector/core/ports";
import { AccessDeniedError } from "../errors/oauth-error.js";

/** Whether the person can act in the workspace: a desk member for Desk, a consumer for Resolve. */
export function mayConnect(user: Pick<UserRecord, "deskId" | "consumerId">, workspace: Workspace): boolean {
  return workspace === "desk" ? user.deskId !== null : user.consumerId !== null;
}

/**
 * A Desk grant acts for the user's desk and a Resolve grant for the user as a consumer, so the
 * person must be one (spec §1). Refused as `access_denied` with a description the client can show.
 */
export function checkWorkspaceSubject(user: Pick<UserRecord, "deskId" | "consumerId">, workspace: Workspace): void {
  if (mayConnect(user, workspace)) return;
  if (workspace === "desk") {
    throw new AccessDeniedError("This account does not belong to a Desk, so it cannot connect the Desk workspace.");
  }
  throw new AccessDeniedError("This account is not a Resolve consumer account, so it cannot connect the Resolve workspace.");
}
