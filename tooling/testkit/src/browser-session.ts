/**
 * A cookie-keeping HTTP client that behaves like a browser tab for the server-rendered pages:
 * it never follows redirects on its own, so tests can read every Location.
 */
export class BrowserSession {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request(path: string | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(path, this.baseUrl);
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set("cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = setCookie.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (value === "" || expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return response;
  }

  postForm(path: string, fields: Record<string, string | string[]>): Promise<Response> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
    }
    return this.request(path, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } });
  }

  hasCookie(name: string): boolean {
    return this.cookies.has(name);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Plants a cookie as if the server had set it (another browser's, or a forged one). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** Signs in through the real form: GET sets the sign-in CSRF cookie, POST starts the session. */
  async signIn(email: string, password: string, returnTo?: string): Promise<Response> {
    const form = await this.request(returnTo ? `/signin?return_to=${encodeURIComponent(returnTo)}` : "/signin");
    const fields = hiddenFields(await form.text());
    return this.postForm("/signin", { ...fields, email, password });
  }
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The hidden inputs of a server-rendered form, as the browser would submit them. */
export function hiddenFields(page: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\s*\/?>/g)) {
    fields[unescapeHtml(match[1]!)] = unescapeHtml(match[2]!);
  }
  return fields;
}

/** The scope checkboxes of the consent form. */
export function scopeCheckboxes(page: string): string[] {
  return [...page.matchAll(/<input type="checkbox" name="granted_scope" value="([^"]+)"/g)].map((match) => match[1]!);
}

/** The consent form's fields only (the page also holds a sign-out form with its own token). */
export function consentFields(page: string): Record<string, string> {
  const start = page.indexOf('action="/oauth/consent"');
  return hiddenFields(page.slice(start));
}
