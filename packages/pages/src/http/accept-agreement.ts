import type { BackOfficeDeps } from "@connector/core/back-office";
import { acceptDeskAgreement, type DeskAgreementStatus } from "@connector/core/desk-agreement";
import type { PageRequest } from "./page-handler.js";

/** The Desk agreement's accept form as every page sends it: the version the owner read, to core's one operation. */
export function acceptAgreementForm(deps: BackOfficeDeps, page: PageRequest): Promise<DeskAgreementStatus> {
  const version = (page.req.body as Record<string, unknown>).version;
  return acceptDeskAgreement(deps, page.actor, { version: typeof version === "string" ? version : "" });
}
