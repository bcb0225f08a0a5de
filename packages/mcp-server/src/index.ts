export { mcpRouter, type McpRouterOptions } from "./mcp-router.js";
export { buildToolListings } from "./tool-listing.js";
export { SERVER_INFO } from "./mcp-session.js";
