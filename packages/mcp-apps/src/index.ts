// MCP Apps (extension io.modelcontextprotocol/ui): read-only cards of tool results, and the icons of
// the MCP servers and tools. The MCP adapter (@connector/mcp-server) declares and serves them.
export { CARDS, type CardEntry, type CardId, cardOfTool, cardsOfWorkspace } from "./card-catalogue.js";
export { buildWorkspaceCards, CARD_MIME_TYPE, type CardContents, type CardResource, type WorkspaceCards } from "./card-resources.js";
export type { CardSettings } from "./card-document.js";
export { type McpIcon, serverIcons, toolIcons } from "./icons.js";
