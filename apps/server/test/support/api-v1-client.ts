import { createUser } from "@connector/auth";
import { newId } from "@connector/core/domain";
import { createAuthStores } from "@connector/store";
import { BrowserSession } from "@connector/testkit";
import type { TestService } from "./test-service.js";

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
}

async function answer(response: Response): Promise<ApiResponse> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body };
}

function bodyInit(body: unknown, csv: boolean): { body?: string; headers: Record<string, string> } {
  if (body === undefined) return { headers: {} };
  if (csv) return { body: String(body), headers: { "content-type": "text/csv" } };
  return { body: JSON.stringify(body), headers: { "content-type": "application/json" } };
}

/** `/api/v1` as a signed-in browser uses it: the session cookie, and the CSRF token from /me on writes. */
export class ApiSession {
  private constructor(
    private readonly browser: BrowserSession,
    readonly csrfToken: string,
  ) {}

  static async signIn(baseUrl: string, user: { email: string; password: string }): Promise<ApiSession> {
    const browser = new BrowserSession(baseUrl);
    const signedIn = await browser.signIn(user.email, user.password);
    if (signedIn.status !== 303) throw new Error(`sign-in failed: ${signedIn.status}`);
    const me = await answer(await browser.request("/api/v1/me"));
    return new ApiSession(browser, me.body.csrfToken);
  }

  async call(method: string, path: string, body?: unknown, options: { csv?: boolean; csrf?: boolean } = {}): Promise<ApiResponse> {
    const init = bodyInit(body, options.csv ?? false);
    const headers: Record<string, string> = { ...init.headers };
    if (options.csrf !== false && method !== "GET") headers["x-csrf-token"] = this.csrfToken;
    return answer(await this.browser.request(`/api/v1${path}`, { method, headers, ...(init.body === undefined ? {} : { body: init.body }) }));
  }

  /** The owner accepts the current Desk agreement, as the Agreement door asks (spec §5.3: needed before placing). */
  async acceptAgreement(): Promise<this> {
    const { version } = (await this.call("GET", "/agreement")).body.agreement;
    const accepted = await this.call("POST", "/agreement/accept", { version });
    if (accepted.status !== 200) throw new Error(`accepting the agreement failed: ${accepted.status}`);
    return this;
  }
}

/** `/api/v1` with `Authorization: Bearer <token>` (a desk key, or anything else a test sends). */
export async function callWithBearer(
  baseUrl: string,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
  options: { csv?: boolean } = {},
): Promise<ApiResponse> {
  const init = bodyInit(body, options.csv ?? false);
  const headers: Record<string, string> = { ...init.headers };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  return answer(await fetch(`${baseUrl}/api/v1${path}`, { method, headers, ...(init.body === undefined ? {} : { body: init.body }) }));
}

const PASSWORD = "desk-member-password";

/** A new person on the demo Desk (Harbor) with the given role. */
export async function createDemoDeskUser(service: TestService, role: "owner" | "member") {
  const { database, demo } = service.service;
  const email = `${role}-${newId()}@harbor.example`;
  await createUser({
    stores: createAuthStores(database),
    email,
    password: PASSWORD,
    displayName: `Harbor ${role}`,
    deskId: demo!.summary.deskId,
    deskRole: role,
  });
  return { email, password: PASSWORD };
}
