// Connects to the demo server as the Desk owner, lists accounts, saves a placement draft and meets a 409.
//
//   npx --yes -p node@24 -p pnpm@11.28.10 -c 'pnpm start'  # the demo server on http://127.0.0.1:3000
//   node apps/client-sdk/examples/connect-demo.mjs      # after `pnpm build`; open the URL it prints
//
// Environment: CONNECTOR_URL (default http://127.0.0.1:3000), CALLBACK_PORT (default 8765),
// TOKEN_FILE (default ./connector-connection.json: the connection survives restarts of this script).
import { createServer } from "node:http";
import { ConnectorAuth, ConnectorClient, isConnectorError } from "@connector/client";
import { FileTokenStore } from "@connector/client/file-token-store";

const baseUrl = process.env.CONNECTOR_URL ?? "http://127.0.0.1:3000";
const tokenFile = process.env.TOKEN_FILE ?? "connector-connection.json";

// 1. A redirect endpoint on loopback for the browser to come back to after consent.
const callbackServer = createServer();
await new Promise((resolve) => callbackServer.listen(Number(process.env.CALLBACK_PORT ?? 8765), "127.0.0.1", resolve));
const redirectUri = `http://127.0.0.1:${callbackServer.address().port}/callback`;

// 2. The connection: discovery, registration, PKCE and refresh are the SDK's job.
const auth = new ConnectorAuth({
  baseUrl,
  workspace: "desk",
  redirectUri,
  clientName: "SDK demo",
  store: new FileTokenStore(tokenFile),
});
if (!(await auth.isConnected())) {
  const callback = new Promise((resolve) => {
    callbackServer.on("request", (req, res) => {
      res.end("Connected. You can close this tab.");
      resolve(new URL(req.url, redirectUri));
    });
  });
  console.log("Open this URL, sign in as owner@harbor.example (password harbor-demo-owner) and allow:");
  console.log(String(await auth.authorizationUrl()));
  await auth.handleCallback(await callback); // checks state and iss, exchanges the code
}
callbackServer.close();

// 3. Typed calls. Tokens are refreshed before they expire, once, however many calls run at once.
const client = new ConnectorClient({ baseUrl, auth });
const { accounts } = await client.desk.listAccounts({ limit: 5 });
for (const account of accounts) {
  console.log(`${account.reference}  ${account.caseStatus}  ${account.faceAmount.minorUnits / 100} ${account.faceAmount.currency}`);
}
let total = 0;
for await (const _account of client.desk.accounts()) total++;
console.log(`accounts in total: ${total}`);

// 4. A draft for a person to review: nothing is placed or sent. The idempotency key is chosen once.
const request = { title: "Demo placement", accounts: [{ reference: "DEMO-1", name: "Jordan Example", amount: 250 }] };
const saved = await client.desk.createPlacementDraft(request);
console.log(`draft ${saved.draft.draftId} is ${saved.draft.reviewStatus} (idempotency key ${saved.idempotencyKey})`);

// 5. The same key with other content is a 409: handle it by its code.
try {
  await client.desk.createPlacementDraft({ ...request, title: "Changed title", idempotencyKey: saved.idempotencyKey });
} catch (error) {
  if (!isConnectorError(error, "idempotency_conflict")) throw error;
  console.log(`409 ${error.code}: ${error.message} (request id ${error.requestId ?? "none"})`);
}
