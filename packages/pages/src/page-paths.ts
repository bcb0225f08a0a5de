import { offerReviewPath } from "@connector/core";
import { PAGE_PATHS } from "@connector/ui";

/** Every address of the people's pages, spelled once: routes and links use these. */
export const PAGES = {
  connections: PAGE_PATHS.connections,
  revokeConnection: (grantId: string) => `${PAGE_PATHS.connections}/${encodeURIComponent(grantId)}/revoke`,
  draft: (draftId: string) => `/drafts/${encodeURIComponent(draftId)}`,
  draftAction: (draftId: string, action: "review" | "discard" | "approve" | "accept-agreement" | "letter") =>
    `/drafts/${encodeURIComponent(draftId)}/${action}`,
  place: PAGE_PATHS.place,
  mintKey: `${PAGE_PATHS.place}/keys`,
  revokeKey: (keyId: string) => `${PAGE_PATHS.place}/keys/${encodeURIComponent(keyId)}/revoke`,
  previewPlacements: `${PAGE_PATHS.place}/preview`,
  savePlacements: `${PAGE_PATHS.place}/save`,
  invite: (token: string) => `/invite/${encodeURIComponent(token)}`,
  acceptInvite: (token: string) => `/invite/${encodeURIComponent(token)}/accept`,
  resolve: PAGE_PATHS.resolve,
  requestDrafts: `${PAGE_PATHS.resolve}/drafts`,
  offer: offerReviewPath,
} as const;
