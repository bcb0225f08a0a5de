import { SCOPES } from "@connector/core";
import type { UserRecord } from "../ports/auth-stores.js";
import type { AuthorizationRequest } from "../authorize/authorization-request.js";
import { ENDPOINT_PATHS } from "../discovery/endpoints.js";
import { html } from "./html.js";
import { layout } from "./layout.js";

const WORKSPACE_NAMES = { desk: "Desk", resolve: "Resolve" } as const;

/**
 * Spec §5.1.8 consent: the client's name, where it will be sent back (the redirect URI's host),
 * the workspace, and one ticked checkbox per requested scope with its meaning (§5.1.6). The person
 * may untick scopes, Allow, or Deny. The original request travels in hidden fields and is
 * validated again on submit, so nothing the page carries is trusted.
 */
export interface ConsentForms {
  /** CSRF token of the consent form. */
  consent: string;
  /** CSRF token of the "not you?" sign-out form. */
  signOut: string;
  /** The authorization request to come back to after signing in as someone else. */
  returnTo: string | undefined;
}

export function consentPage(request: AuthorizationRequest, user: UserRecord, forms: ConsentForms): string {
  const workspace = WORKSPACE_NAMES[request.workspace];
  const host = new URL(request.redirectUri).host;
  const hidden = {
    client_id: request.client.clientId,
    redirect_uri: request.redirectUri,
    response_type: "code",
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: "S256",
    resource: request.resource,
    scope: request.scopes.join(" "),
    csrf_token: forms.consent,
  };
  return layout(
    `Connect ${request.client.clientName} to ${workspace}`,
    html`<h1>Allow <strong>${request.client.clientName}</strong> to use your ${workspace} workspace?</h1>
<p>The app will be sent back to <strong>${host}</strong>.</p>
<form method="post" action="${ENDPOINT_PATHS.signOut}" class="muted">Signed in as ${user.displayName} (${user.email}).
<input type="hidden" name="csrf_token" value="${forms.signOut}">
${forms.returnTo ? html`<input type="hidden" name="return_to" value="${forms.returnTo}">` : ""}
<button type="submit">Not you? Sign out</button>
</form>
<form method="post" action="${ENDPOINT_PATHS.consent}">
${Object.entries(hidden).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">\n`)}
<fieldset>
<legend>${request.client.clientName} asks to:</legend>
${request.scopes.map(
  (scope) =>
    html`<label class="scope"><input type="checkbox" name="granted_scope" value="${scope}" checked> <code>${scope}</code> — ${SCOPES[scope].meaning}</label>\n`,
)}
</fieldset>
<p class="muted">Drafts are saved for human review. Nothing is sent, accepted or paid through this connection.
You can end it at any time from the Connections screen.</p>
<div class="actions">
<button class="primary" type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</div>
</form>`,
  );
}
