import { describe, expect, it } from "vitest";
import {
  COPY_SCRIPT,
  CsrfForm,
  Field,
  findAsset,
  PAGE_HEADERS,
  policyAllowingFormRedirect,
  prefersHtml,
  renderPage,
  STYLESHEET,
  Table,
} from "../src/index.js";

const person = { displayName: "Ann <b>O'Neil</b>", deskMember: true, consumer: false, signOutToken: "tok&1" };

describe("renderPage", () => {
  it("escapes every value a person or an agent could have chosen", () => {
    const page = renderPage({
      title: `Draft "<script>"`,
      person,
      children: <p>{"<img src=x onerror=alert(1)>"}</p>,
    });
    expect(page.startsWith("<!doctype html><html lang=\"en\" data-locale=\"en-US\">")).toBe(true);
    expect(page).not.toContain("<img src=x");
    expect(page).not.toContain("<b>O'Neil</b>");
    expect(page).toContain("&lt;img src=x onerror=alert(1)>");
    expect(page).toContain("<title>Draft &quot;&lt;script>&quot; · Connector</title>");
  });

  it("offers sign-out with its CSRF token on every signed-in page, and sign-in otherwise", () => {
    const signedIn = renderPage({ title: "Home", person, children: null });
    expect(signedIn).toMatch(/<form method="post" action="\/signout"><input type="hidden" name="csrf_token" value="tok&amp;1"\/>/);
    expect(signedIn).toContain('href="/desk/place"');
    expect(signedIn).not.toContain('href="/resolve"');
    const anonymous = renderPage({ title: "Home", children: null });
    expect(anonymous).not.toContain("/signout");
    expect(anonymous).toContain('href="/signin"');
  });

  it("links only the service's own hashed stylesheet and script", () => {
    const page = renderPage({ title: "Home", children: null });
    expect(page).toContain(`<link rel="stylesheet" href="${STYLESHEET.path}"/>`);
    expect(page).toContain(`<script src="${COPY_SCRIPT.path}" defer></script>`);
    expect(STYLESHEET.path).toMatch(/^\/assets\/site\.[0-9a-f]{12}\.css$/);
    expect(findAsset(STYLESHEET.path)?.body.toString()).toContain(".badge.good");
    expect(findAsset("/assets/site.css")).toBeUndefined();
  });

  it("ties a field's label, hint and error to its control", () => {
    const page = renderPage({
      title: "Form",
      children: (
        <CsrfForm action="/x" token="t">
          <Field name="title" label="Title" hint="1 to 120 characters" error="Give the draft a title." />
        </CsrfForm>
      ),
    });
    expect(page).toContain('<label for="field-title">Title</label>');
    expect(page).toContain('aria-describedby="field-title-hint field-title-error" aria-invalid="true"');
  });

  it("lets free text take the direction of what is typed (an Arabic or Hebrew name), never an email or a number (issue 48)", () => {
    const page = renderPage({
      title: "Form",
      children: (
        <CsrfForm action="/x" token="t">
          <Field name="name" label="Name" value="نور الهدى" />
          <Field name="note" label="Note" kind="textarea" />
          <Field name="email" label="Email" type="email" />
          <Field name="amount" label="Amount" type="number" />
        </CsrfForm>
      ),
    });
    expect(page).toMatch(/<input id="field-name" name="name" dir="auto"/);
    expect(page).toMatch(/<textarea id="field-note" name="note" dir="auto"/);
    expect(page).not.toMatch(/name="email" dir=/);
    expect(page).not.toMatch(/name="amount" dir=/);
  });

  it("labels every table cell with its column for the phone layout", () => {
    const page = renderPage({
      title: "T",
      children: <Table caption="Keys" columns={[{ label: "Name" }, { label: "Created" }]} rows={[["laptop", "today"]]} />,
    });
    expect(page).toContain('<td data-label="Name">laptop</td><td data-label="Created">today</td>');
  });
});

describe("page headers and content negotiation", () => {
  it("forbids framing and outside sources", () => {
    expect(PAGE_HEADERS["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    expect(PAGE_HEADERS["Content-Security-Policy"]).toContain("default-src 'none'");
    expect(PAGE_HEADERS["X-Frame-Options"]).toBe("DENY");
  });

  it("lets a consent form's redirect reach the app's origin, and nothing else", () => {
    const policy = policyAllowingFormRedirect("http://127.0.0.1:8976/callback?x=1");
    expect(policy).toContain("form-action 'self' http://127.0.0.1:8976;");
    expect(policy.replace(" http://127.0.0.1:8976", "")).toBe(PAGE_HEADERS["Content-Security-Policy"]);
  });

  it("gives browsers pages and API clients JSON", () => {
    const chrome = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
    expect(prefersHtml(chrome)).toBe(true);
    expect(prefersHtml("application/json")).toBe(false);
    expect(prefersHtml("*/*")).toBe(false);
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml("application/json, text/html")).toBe(false);
    expect(prefersHtml("text/html;q=0.5, application/json")).toBe(false);
  });
});
