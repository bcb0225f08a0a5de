import { BrowserSession } from "@connector/testkit";

/** A browser tab at one client address (the test server trusts X-Forwarded-For from loopback). */
export class BrowserAt extends BrowserSession {
  constructor(baseUrl: string, readonly address: string) {
    super(baseUrl);
  }

  override request(path: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", this.address);
    return super.request(path, { ...init, headers });
  }
}
