// Connects the MCP TypeScript SDK v2 to a Desk workspace through ConnectorOAuthProvider and calls a tool.
// Run it with Node 22.18 or later, after `npm install @connector/client @modelcontextprotocol/client`:
//
//   cp node_modules/@connector/client/examples/connect-mcp.mts . && node connect-mcp.mts
//
// Environment: CONNECTOR_URL (default http://127.0.0.1:3000, the demo server), CALLBACK_PORT (default 8765),
// TOKEN_FILE (default desk-connection.json: the same connection the REST example keeps).
import { ConnectorAuth } from "@connector/client";
import { FileTokenStore } from "@connector/client/file-token-store";
import { startLoopbackCallback } from "@connector/client/loopback-callback";
import { ConnectorOAuthProvider } from "@connector/client/mcp";
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";

const baseUrl = process.env.CONNECTOR_URL ?? "http://127.0.0.1:3000";
const callback = await startLoopbackCallback({ port: Number(process.env.CALLBACK_PORT ?? 8765) });
const auth = new ConnectorAuth({
  baseUrl,
  workspace: "desk",
  redirectUri: callback.redirectUri,
  clientName: "My MCP agent",
  store: new FileTokenStore(process.env.TOKEN_FILE ?? "desk-connection.json"),
});

// The provider gives the MCP SDK the same store and the same single-flight refresh as the REST client.
const provider = new ConnectorOAuthProvider(auth, {
  onAuthorizationUrl: (url) => {
    console.log("Open this URL in your browser, sign in and allow:");
    console.log(url.href);
  },
});
const newTransport = () =>
  new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp/desk`), { authProvider: provider, fetch: provider.fetch });

let mcp = new Client({ name: "my-agent", version: "1.0.0" });
try {
  await mcp.connect(newTransport());
} catch (error) {
  // Not connected yet: the SDK called onAuthorizationUrl, and the browser comes back to the callback.
  if (!(error instanceof UnauthorizedError)) throw error;
  const transport = newTransport();
  await transport.finishAuth(await provider.checkCallback(await callback.next())); // state and iss checked
  // A transport that has started cannot start again: finish on a new one, and connect it with a new Client.
  mcp = new Client({ name: "my-agent", version: "1.0.0" });
  await mcp.connect(transport);
}
await callback.close();

const result = await mcp.callTool({ name: "list_accounts", arguments: { limit: 3 } });
console.log(JSON.stringify(result.structuredContent, null, 2));
await mcp.close();
