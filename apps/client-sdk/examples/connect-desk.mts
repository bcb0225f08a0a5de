// Connects to a Desk workspace, lists accounts, saves a placement draft for a person to review, and shows how
// a 409 looks. Run it with Node 22.18 or later (it runs TypeScript as it is), after `npm install @connector/client`:
//
//   cp node_modules/@connector/client/examples/connect-desk.mts . && node connect-desk.mts
//
// Environment: CONNECTOR_URL (default http://127.0.0.1:3000, the demo server), CALLBACK_PORT (default 8765),
// TOKEN_FILE (default desk-connection.json: the connection survives restarts, so a second run needs no browser).
import { type Account, ConnectorAuth, ConnectorClient, isConnectorError } from "@connector/client";
import { FileTokenStore } from "@connector/client/file-token-store";
import { startLoopbackCallback } from "@connector/client/loopback-callback";

const baseUrl = process.env.CONNECTOR_URL ?? "http://127.0.0.1:3000";

// 1. A redirect endpoint on this machine, for the browser to come back to after the consent page.
const callback = await startLoopbackCallback({ port: Number(process.env.CALLBACK_PORT ?? 8765) });

// 2. One connection is one grant for one workspace. Discovery, registration, PKCE and refresh are the SDK's job.
const auth = new ConnectorAuth({
  baseUrl,
  workspace: "desk",
  redirectUri: callback.redirectUri,
  clientName: "My agent", // shown on the consent page
  store: new FileTokenStore(process.env.TOKEN_FILE ?? "desk-connection.json"),
});
if (!(await auth.isConnected())) {
  console.log("Open this URL in your browser, sign in and allow:");
  console.log((await auth.authorizationUrl()).href);
  await auth.handleCallback(await callback.next()); // checks state and iss, exchanges the code
}
await callback.close();

// 3. Typed calls. Tokens are refreshed before they expire, once, however many calls run at once.
const client = new ConnectorClient({ baseUrl, auth });
const { accounts } = await client.desk.listAccounts({ limit: 5 });
for (const account of accounts) console.log(`${account.reference}  ${account.caseStatus}  ${faceAmount(account)}`);
const first = accounts[0];
if (first !== undefined) {
  const { paymentRecords } = await client.desk.listPaymentRecords({ accountId: first.accountId });
  console.log(`${first.reference} has ${paymentRecords.length} payment records`);
}
let total = 0;
for await (const _account of client.desk.accounts()) total++;
console.log(`accounts in total: ${total}`);

// 4. A draft for a person to review: nothing is placed or sent. The idempotency key is chosen once.
const request = { title: "Example placement", accounts: [{ reference: "EXAMPLE-1", name: "Jordan Example", amount: 250 }] };
const saved = await client.desk.createPlacementDraft(request);
console.log(`draft ${saved.draft.draftId} is ${saved.draft.reviewStatus} (idempotency key ${saved.idempotencyKey})`);

// 5. The same key with other content is a 409: handle it by its code.
try {
  await client.desk.createPlacementDraft({ ...request, title: "Changed title", idempotencyKey: saved.idempotencyKey });
} catch (error) {
  if (!isConnectorError(error, "idempotency_conflict")) throw error;
  console.log(`${error.status} ${error.code}: ${error.message} (request id ${error.requestId ?? "none"})`);
}

/** The amount in its currency's own minor units (JPY has none, USD two, KWD three). */
function faceAmount(account: Account): string {
  if (account.faceAmount === null) return "no amount";
  const { minorUnits, currency } = account.faceAmount;
  const format = new Intl.NumberFormat("en-US", { style: "currency", currency });
  return format.format(minorUnits / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}
