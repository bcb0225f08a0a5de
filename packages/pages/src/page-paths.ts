import { draftReviewPath } from "@connector/core/drafts";
import { offerReviewPath } from "@connector/core/resolve";
import { PAGE_PATHS } from "@connector/ui";

/** Every address of the people's pages, spelled once: routes and links use these. */
export const PAGES = {
  connections: PAGE_PATHS.connections,
  /** GET: the confirmation page; POST (from it): the revocation. The same for keys and discard. */
  revokeConnection: (grantId: string) => `${PAGE_PATHS.connections}/${encodeURIComponent(grantId)}/revoke`,
  draft: draftReviewPath,
  draftAction: (draftId: string, action: "review" | "discard" | "approve" | "accept-agreement") =>
    `/drafts/${encodeURIComponent(draftId)}/${action}`,
  /**
   * A request draft's letter, shaped by the choices in its query (GET: it reloads, bookmarks and
   * comes back as it was; the request log drops queries). `#the-letter` lands on the letter.
   */
  draftLetter: (draftId: string, query = "") => `/drafts/${encodeURIComponent(draftId)}/letter${query === "" ? "" : `?${query}`}`,
  /** The same letter as a PDF file to print or attach (the same query). */
  draftLetterPdf: (draftId: string, query = "") => `/drafts/${encodeURIComponent(draftId)}/letter.pdf${query === "" ? "" : `?${query}`}`,
  place: PAGE_PATHS.place,
  mintKey: `${PAGE_PATHS.place}/keys`,
  /** POST: the Desk owner accepts the Desk agreement from the place screen (spec §5.3). */
  placeAgreement: `${PAGE_PATHS.place}/agreement`,
  revokeKey: (keyId: string) => `${PAGE_PATHS.place}/keys/${encodeURIComponent(keyId)}/revoke`,
  /** The place screen's placements searched by reference (and its runs with them). */
  placeSearch: (reference: string) => `${PAGE_PATHS.place}?${new URLSearchParams({ q: reference })}#placements`,
  /** The place screen showing one approved draft's accounts and their runs. */
  placeOfDraft: (draftId: string) => `${PAGE_PATHS.place}?${new URLSearchParams({ draft: draftId })}#placements`,
  /** The placements a search finds, as CSV (the same `q`, `status`, `draft` as the place screen). */
  placementsCsv: `${PAGE_PATHS.place}/placements.csv`,
  draftHistoryCsv: (draftId: string) => `/drafts/${encodeURIComponent(draftId)}/history.csv`,
  previewPlacements: `${PAGE_PATHS.place}/preview`,
  savePlacements: `${PAGE_PATHS.place}/save`,
  /** GET: the preview of a CSV file sent in parts; POST `…/place`: its one confirmation (issue 39). */
  placeUpload: (uploadId: string) => `${PAGE_PATHS.place}/uploads/${encodeURIComponent(uploadId)}`,
  placeUploadConfirm: (uploadId: string) => `${PAGE_PATHS.place}/uploads/${encodeURIComponent(uploadId)}/place`,
  /** POST: a file sent in parts that will not be placed, deleted (issue 47). */
  placeUploadCancel: (uploadId: string) => `${PAGE_PATHS.place}/uploads/${encodeURIComponent(uploadId)}/cancel`,
  /** A file being placed, or placed, as a job (issue 47): its progress and result. */
  placementJob: (jobId: string) => `${PAGE_PATHS.place}/jobs/${encodeURIComponent(jobId)}`,
  /** Where the place screen's script sends a big file's parts: `/api/v1`'s uploads, with the session (docs/api-v1.md). */
  uploadsApi: "/api/v1/placements/uploads",
  /** Where a session's `/api/v1` CSRF token is read (docs/api-v1.md). */
  apiMe: "/api/v1/me",
  /** An agency Desk's invitations (mint, list, revoke) and its client desks. */
  agency: "/desk/agency",
  mintInvite: "/desk/agency/invites",
  revokeInvite: (inviteId: string) => `/desk/agency/invites/${encodeURIComponent(inviteId)}/revoke`,
  invite: (token: string) => `/invite/${encodeURIComponent(token)}`,
  acceptInvite: (token: string) => `/invite/${encodeURIComponent(token)}/accept`,
  resolve: PAGE_PATHS.resolve,
  requestDrafts: `${PAGE_PATHS.resolve}/drafts`,
  offer: offerReviewPath,
} as const;
