/** Said with every draft: a draft is only a draft until a person acts (spec §1, §3). */
export const DRAFT_SAVED_NOTICE =
  "Saved as a draft for human review. Nothing was sent, placed, accepted or paid; a person must review it in the service.";

export const DRAFT_STATUS_NOTICE =
  "Review status only: 'reviewed' does not mean sent, delivered or accepted. The service never sends drafts.";
