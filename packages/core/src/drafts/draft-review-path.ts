/** Where a person reviews a draft on the service's pages; `create_placement_draft` answers it as `reviewUrl`. */
export const draftReviewPath = (draftId: string): string => `/drafts/${encodeURIComponent(draftId)}`;
