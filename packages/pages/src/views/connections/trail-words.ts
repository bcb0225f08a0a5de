/**
 * A connection's trail in people's words (issue 39 item 7): what each tool did, in a phrase, and how
 * each call ended, never the tool's or the error's code. A tool or outcome not listed here (a newer
 * one) reads as a plain fallback rather than as code.
 */
const TOOL_WORDS: Record<string, string> = {
  get_connector_capabilities: "Checked what it may do",
  get_draft_status: "Checked a draft's status",
  list_accounts: "Listed your Desk's accounts",
  get_case_status: "Read an account's case status",
  list_payment_records: "Read an account's payment records",
  create_placement_draft: "Saved a placement draft",
  list_placement_drafts: "Listed its placement drafts",
  get_resolve_guide: "Read the guide",
  create_consumer_request_draft: "Saved a request draft",
  list_consumer_requests: "Listed your request drafts",
  relay_approved_offer: "Looked up an approved offer",
};

const OUTCOME_WORDS: Record<string, string> = {
  ok: "Done",
  not_found: "Nothing found",
  invalid_input: "Refused: something it sent was not valid",
  forbidden_personal_data: "Refused: it sent what looked like an ID, card or bank number",
  insufficient_scope: "Refused: you did not allow that",
  rate_limited: "Refused: too many calls in a minute",
  idempotency_conflict: "Refused: a repeat with different content",
  wrong_workspace: "Refused: the other workspace",
  draft_closed: "Refused: the draft is closed",
  service_unavailable: "Failed: the service was busy",
  internal_error: "Failed: an error in the service",
};

export function toolWords(tool: string): string {
  return TOOL_WORDS[tool] ?? "Used another tool";
}

/** How a call ended, and whether it went through (for its badge's colour). */
export function outcomeWords(result: string): { words: string; ok: boolean } {
  return { words: OUTCOME_WORDS[result] ?? "Refused", ok: result === "ok" };
}
