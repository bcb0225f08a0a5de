export { ConnectorOAuthProvider, type ConnectorOAuthProviderOptions } from "./mcp-oauth-provider.js";
