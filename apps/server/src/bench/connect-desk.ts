import { BrowserSession, connectWorkspace, type RegisteredClient, registerClient } from "@connector/testkit";
import type { CryptoKeyPair } from "oauth4webapi";
import { DEMO_USERS } from "../demo-data.js";

export interface DeskConnection {
  accessToken: string;
  refreshToken: string;
  registered: RegisteredClient;
}

/**
 * The demo Desk owner signs in and connects a newly registered client, through the real OAuth flow; with a
 * DPoP key, the tokens are bound to it.
 */
export async function connectDesk(
  baseUrl: string,
  scopes = ["desk:read"],
  clientName = "Benchmark",
  dpopKey?: CryptoKeyPair,
): Promise<DeskConnection> {
  const session = new BrowserSession(baseUrl);
  await session.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
  const registered = await registerClient(baseUrl, clientName);
  const dpop = dpopKey === undefined ? {} : { dpop: registered.dpop(dpopKey) };
  const tokens = await connectWorkspace(registered, session, { workspace: "desk", scopes, ...dpop });
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token!, registered };
}
