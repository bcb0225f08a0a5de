import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SdkService, startSdkService } from "./support/sdk-service.js";

const run = promisify(execFile);
let service: SdkService;

beforeAll(async () => {
  service = await startSdkService();
});
afterAll(async () => {
  await service?.close();
});

/** A CommonJS program, as a user's older code base would load the package by name. */
const COMMONJS_PROGRAM = `
const { ConnectorAuth, ConnectorClient, isConnectorError } = require("@connector/client");
const { ConnectorOAuthProvider } = require("@connector/client/mcp");
(async () => {
  const auth = new ConnectorAuth({ baseUrl: process.argv[1], workspace: "resolve", redirectUri: "http://127.0.0.1:1/callback" });
  const url = await auth.authorizationUrl();
  const provider = new ConnectorOAuthProvider(auth);
  const refused = await new ConnectorClient({ baseUrl: process.argv[1], auth: "made-up" }).resolve.capabilities().catch((e) => e);
  console.log(JSON.stringify({
    method: url.searchParams.get("code_challenge_method"),
    registered: (await provider.clientInformation()).client_id.length > 0,
    refused: isConnectorError(refused, "invalid_token", "connection_required"),
  }));
})();
`;

describe("the CommonJS build", () => {
  it("loads by package name with require and runs discovery, registration and a call (oauth4webapi bundled)", async () => {
    const { stdout } = await run(process.execPath, ["-e", COMMONJS_PROGRAM, service.baseUrl], { cwd: new URL("..", import.meta.url).pathname });
    expect(JSON.parse(stdout)).toEqual({ method: "S256", registered: true, refused: true });
  });
});
