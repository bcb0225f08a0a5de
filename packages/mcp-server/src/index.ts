export { addMcpRoutes, MCP_PATH, type McpRouteOptions } from "./mcp-routes.js";
export { SERVER_INFO } from "./mcp-session.js";
export * from "./modern/protocol.js";
export { buildToolListings } from "./tool-listing.js";
