import { type MessageKey, message } from "@connector/ui";

/**
 * A connection's trail in people's words (issue 39 item 7): what each tool did, in a phrase, and how
 * each call ended, never the tool's or the error's code, in the reader's language. A tool or outcome
 * not listed here (a newer one) reads as a plain fallback rather than as code.
 */
const TOOLS = [
  "get_connector_capabilities",
  "get_draft_status",
  "list_accounts",
  "get_case_status",
  "list_payment_records",
  "create_placement_draft",
  "list_placement_drafts",
  "get_resolve_guide",
  "create_consumer_request_draft",
  "list_consumer_requests",
  "relay_approved_offer",
] as const;
type KnownTool = (typeof TOOLS)[number];
const isKnownTool = (tool: string): tool is KnownTool => (TOOLS as readonly string[]).includes(tool);

const OUTCOMES = [
  "ok",
  "not_found",
  "invalid_input",
  "forbidden_personal_data",
  "insufficient_scope",
  "rate_limited",
  "idempotency_conflict",
  "wrong_workspace",
  "draft_closed",
  "service_unavailable",
  "internal_error",
] as const;
const isKnownOutcome = (result: string): result is (typeof OUTCOMES)[number] => (OUTCOMES as readonly string[]).includes(result);

/** What a call did, in the past ("Saved a request draft"). */
export function toolWords(tool: string): string {
  return message(isKnownTool(tool) ? `connections.did.${tool}` : "connections.did.other");
}

/** A tool's human name, as what it lets an agent do ("Save a request draft"); its title for a newer one. */
export function toolName(tool: { name: string; title: string }): string {
  return isKnownTool(tool.name) ? message(`connections.tool.${tool.name}` as MessageKey) : tool.title;
}

/** How a call ended, and whether it went through (for its badge's colour). */
export function outcomeWords(result: string): { words: string; ok: boolean } {
  return { words: message(isKnownOutcome(result) ? `connections.outcome.${result}` : "connections.outcome.other"), ok: result === "ok" };
}
