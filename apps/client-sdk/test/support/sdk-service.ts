import { EMBEDDED_TEST_DIALECT, type TestDialect } from "@connector/store/testing";
import { BrowserSession, giveConsent } from "@connector/testkit";
import { DEMO_USERS } from "../../../server/src/demo-data.js";
// The server's own test harness: the real assembled service with the demo data, on loopback.
import { startTestService, type TestService } from "../../../server/test/support/test-service.js";
import { ConnectorAuth, type ConnectorAuthOptions, type Workspace } from "../../src/index.js";

/** Time for the service and the clients under test: real time plus an offset a test can move. */
export class TestClock {
  private offsetMs = 0;
  private frozenAt: number | undefined;
  readonly now = (): number => this.frozenAt ?? Date.now() + this.offsetMs;
  advance(ms: number): void {
    if (this.frozenAt !== undefined) this.frozenAt += ms;
    else this.offsetMs += ms;
  }
  /** Stops time, so work that must fall inside one window does however slow the machine is. */
  freeze(): void {
    this.frozenAt = this.now();
  }
  /** Lets time run again from where it stopped. */
  resume(): void {
    if (this.frozenAt === undefined) return;
    this.offsetMs = this.frozenAt - Date.now();
    this.frozenAt = undefined;
  }
}

export interface SdkService extends TestService {
  clock: TestClock;
}

/** The real service on loopback with a movable clock (access tokens live 15 minutes of it). */
export async function startSdkService(dialect: TestDialect = EMBEDDED_TEST_DIALECT): Promise<SdkService> {
  const clock = new TestClock();
  const service = await startTestService(dialect, { now: clock.now });
  return Object.assign(service, { clock });
}

/** Never contacted: the flows here read the consent redirect's Location instead. */
export const CALLBACK_URL = "http://127.0.0.1:1/callback";

export function newAuth(service: SdkService, workspace: Workspace, options: Partial<ConnectorAuthOptions> = {}): ConnectorAuth {
  return new ConnectorAuth({ baseUrl: service.baseUrl, workspace, redirectUri: CALLBACK_URL, now: service.clock.now, ...options });
}

/**
 * Connects an SDK `ConnectorAuth` the way an app does: its authorization URL, the demo person's
 * sign-in and consent (over HTTP here; in Chromium in oauth-browser.test.ts), then its callback handling.
 */
export async function connectAuth(
  service: SdkService,
  auth: ConnectorAuth,
  choice: { scopes?: string[]; user?: { email: string; password: string } } = {},
): Promise<ConnectorAuth> {
  const user = choice.user ?? (auth.workspace === "desk" ? DEMO_USERS.deskOwner : DEMO_USERS.consumer);
  const session = new BrowserSession(service.baseUrl);
  await session.signIn(user.email, user.password);
  const callback = await giveConsent(session, await auth.authorizationUrl(), { scopes: choice.scopes });
  await auth.handleCallback(callback);
  return auth;
}

/** What the service's database says about the grant of a client: how many refresh tokens it issued, whether it was revoked. */
export async function grantFacts(service: SdkService, clientId: string): Promise<{ refreshTokensIssued: number; revoked: boolean }> {
  // Plain query builder use: the schema's types come from another package's build and are not needed here.
  const db = service.service.database.db as unknown as { selectFrom(table: string): any };
  const grants = await db.selectFrom("oauth_grants").select(["id", "revoked_at"]).where("client_id", "=", clientId).execute();
  if (grants.length !== 1) throw new Error(`expected one grant for the client, found ${grants.length}`);
  const refreshTokens = await db
    .selectFrom("oauth_tokens")
    .select("id")
    .where("grant_id", "=", grants[0]!.id)
    .where("kind", "=", "refresh")
    .execute();
  return { refreshTokensIssued: refreshTokens.length, revoked: grants[0]!.revoked_at !== null };
}

export async function clientIdOf(auth: ConnectorAuth): Promise<string> {
  return (await auth.store.read())!.client!.client_id;
}

export const ACCESS_TOKEN_LIFETIME_MS = 15 * 60 * 1000;
export { DEMO_USERS };
