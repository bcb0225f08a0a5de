import { ENDPOINT_PATHS } from "../discovery/endpoints.js";
import { html } from "./html.js";
import { layout } from "./layout.js";

export interface SignInPageInput {
  csrfToken: string;
  returnTo: string | undefined;
  email?: string;
  error?: string;
}

export function signInPage(input: SignInPageInput): string {
  return layout(
    "Sign in",
    html`<h1>Sign in</h1>
<p class="muted">Sign in to review what an app is asking to do for you.</p>
${input.error ? html`<p class="error" role="alert">${input.error}</p>` : ""}
<form method="post" action="${ENDPOINT_PATHS.signIn}">
<input type="hidden" name="csrf_token" value="${input.csrfToken}">
${input.returnTo ? html`<input type="hidden" name="return_to" value="${input.returnTo}">` : ""}
<label>Email <input type="email" name="email" autocomplete="username" required value="${input.email ?? ""}"></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required></label>
<div class="actions"><button class="primary" type="submit">Sign in</button></div>
</form>`,
  );
}

export function signedInPage(displayName: string): string {
  return layout("Signed in", html`<h1>Signed in</h1><p>You are signed in as ${displayName}.</p>`);
}

export function signedOutPage(): string {
  return layout("Signed out", html`<h1>Signed out</h1><p>You are signed out.</p>`);
}
