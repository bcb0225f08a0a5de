import type { Workspace } from "@connector/core";

/** The cards, one per kind of thing a person decides on; each shape of its tools' results has its layout in card-view.js. */
export const CARD_IDS = ["placement-drafts", "consumer-requests", "approved-offer"] as const;
export type CardId = (typeof CARD_IDS)[number];

export interface CardEntry {
  id: CardId;
  workspace: Workspace;
  /** `ui://connector/<id>`: the extension's scheme (MCP Apps 2026-01-26, "UI Resource Format"). */
  uri: string;
  name: string;
  title: string;
  description: string;
  /** The tools whose results this card shows (their `structuredContent`, nothing else). */
  tools: readonly string[];
}

const card = (id: CardId, workspace: Workspace, title: string, description: string, tools: string[]): CardEntry => ({
  id,
  workspace,
  uri: `ui://connector/${id}`,
  name: `${id}-card`,
  title,
  description,
  tools,
});

/** Issue 41: the drafts a person decides on and the offers they read, shown where they already are. */
export const CARDS: readonly CardEntry[] = [
  card("placement-drafts", "desk", "Placement draft", "A read-only card of a saved placement draft, or of the drafts this connection saved.", [
    "create_placement_draft",
    "list_placement_drafts",
  ]),
  card("consumer-requests", "resolve", "Request draft", "A read-only card of a saved request draft, or of the drafts this connection saved.", [
    "create_consumer_request_draft",
    "list_consumer_requests",
  ]),
  card("approved-offer", "resolve", "Approved offer", "A read-only card of an approved offer: the creditor's terms verbatim and the day to act by.", [
    "relay_approved_offer",
  ]),
];

/** The card showing `toolName`'s results in `workspace`, if it has one. */
export function cardOfTool(workspace: Workspace, toolName: string): CardEntry | undefined {
  return CARDS.find((entry) => entry.workspace === workspace && entry.tools.includes(toolName));
}

/** The cards a workspace's MCP server offers. */
export function cardsOfWorkspace(workspace: Workspace): CardEntry[] {
  return CARDS.filter((entry) => entry.workspace === workspace);
}
