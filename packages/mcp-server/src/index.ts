export { addMcpRoutes, MCP_PATH, type McpRouteOptions } from "./mcp-routes.js";
export { buildToolListings } from "./tool-listing.js";
export { SERVER_INFO, serverInfo } from "./tool-server.js";
