import type { Workspace } from "@connector/core";
import { draftReviewPath } from "@connector/core/drafts";
import { type CardEntry, cardOfTool, cardsOfWorkspace } from "./card-catalogue.js";
import { type CardSettings, renderCardDocument } from "./card-document.js";

/** MCP Apps' MIME type for an HTML View. */
export const CARD_MIME_TYPE = "text/html;profile=mcp-app";

/**
 * The resource's `_meta.ui`: no external domain of any kind (the restrictive default, said out loud
 * so no host guesses), and a border, since a card is a boxed summary inside the conversation.
 */
const CARD_UI_META = {
  csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
  prefersBorder: true,
} as const;

export interface CardResource {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: typeof CARD_MIME_TYPE;
  _meta: { ui: typeof CARD_UI_META };
}

export interface CardContents {
  uri: string;
  mimeType: typeof CARD_MIME_TYPE;
  text: string;
  _meta: { ui: typeof CARD_UI_META };
}

/** A workspace's cards: what `resources/list` names and `resources/read` answers, each document rendered once. */
export interface WorkspaceCards {
  resources: CardResource[];
  read(uri: string): CardContents | undefined;
  /** `_meta.ui` of a tool that has a card: its resource (MCP Apps, "Resource Discovery"). */
  toolMeta(toolName: string): { ui: { resourceUri: string } } | undefined;
}

const resourceOf = (entry: CardEntry): CardResource => ({
  uri: entry.uri,
  name: entry.name,
  title: entry.title,
  description: entry.description,
  mimeType: CARD_MIME_TYPE,
  _meta: { ui: CARD_UI_META },
});

/** Builds a workspace's cards at start, for the service at `baseUrl`. */
export function buildWorkspaceCards(workspace: Workspace, app: Omit<CardSettings, "draftReviewUrl">): WorkspaceCards {
  // The placeholder survives encodeURIComponent's rule of the path ({ and } are encoded), so it is put back.
  const draftReviewUrl = `${app.baseUrl}${draftReviewPath("DRAFT_ID")}`.replace("DRAFT_ID", "{draftId}");
  const entries = cardsOfWorkspace(workspace);
  const documents = new Map(
    entries.map((entry) => [entry.uri, renderCardDocument(entry, { ...app, draftReviewUrl })] as const),
  );
  return {
    resources: entries.map(resourceOf),
    read(uri) {
      const text = documents.get(uri);
      if (text === undefined) return undefined;
      return { uri, mimeType: CARD_MIME_TYPE, text, _meta: { ui: CARD_UI_META } };
    },
    toolMeta(toolName) {
      const entry = cardOfTool(workspace, toolName);
      return entry === undefined ? undefined : { ui: { resourceUri: entry.uri } };
    },
  };
}
