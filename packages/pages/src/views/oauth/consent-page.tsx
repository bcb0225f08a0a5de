import { SCOPES } from "@connector/core";
import { CsrfField, isolatedName, LocalTime, Name, Notice, NothingIsSentNotice, PAGE_PATHS, renderPage, type SignedInPerson } from "@connector/ui";
import { clientLabel, type ConsentRequest } from "./consent-request.js";
import type { PageUser } from "../../sessions/page-session.js";
import { AuthorizationFields, WORKSPACE_NAMES } from "./authorization-fields.js";
import { offersReadOnly, readOnlyToolTitles } from "./read-only-tools.js";

/** The CSRF tokens and return address the consent and wrong-account pages' forms carry. */
export interface ConsentForms {
  /** Where the consent form posts (the authorization server's consent endpoint). */
  action: string;
  /** CSRF token of the consent form. */
  consent: string;
  /** The person in the header, with the token of the header's sign-out form. */
  person: SignedInPerson;
  /** The authorization request to come back to after signing in as someone else. */
  returnTo: string | undefined;
}

/** "Sign in as someone else": sign out, then sign in and come back to the same authorization request. */
export function SwitchAccountForm({ forms, label, primary }: { forms: ConsentForms; label: string; primary?: boolean }) {
  return (
    <form method="post" action={PAGE_PATHS.signOut}>
      <CsrfField token={forms.person.signOutToken} />
      {forms.returnTo === undefined ? null : <input type="hidden" name="return_to" value={forms.returnTo} />}
      <button type="submit" class={primary ? "primary" : undefined}>
        {label}
      </button>
    </form>
  );
}

/**
 * Spec §5.1.8 consent: the client's name, where it will be sent back (the redirect URI's host),
 * the workspace, and one ticked checkbox per requested scope with its meaning (§5.1.6). The person
 * may untick scopes, Allow, or Deny. The original request travels in hidden fields and is
 * validated again on submit, so nothing the page carries is trusted.
 */
export function consentPage(request: ConsentRequest, user: PageUser, forms: ConsentForms): string {
  const workspace = WORKSPACE_NAMES[request.workspace];
  const publishedBy = request.publishedHost;
  const client = clientLabel(request);
  return renderPage({
    title: `Connect ${isolatedName(client)} to ${workspace}`,
    person: forms.person,
    width: "narrow",
    children: (
      <>
        <h1>
          Allow{" "}
          <strong>
            <Name>{client}</Name>
          </strong>{" "}
          to use your {workspace} workspace?
        </h1>
        <Notice tone="warn" title="What the service knows about this app">
          <dl class="details">
            <dt>Who made it</dt>
            <dd>
              {publishedBy === undefined ? (
                <>
                  Not checked. The app registered itself with this service, and its name is what it says about itself: the
                  service has not verified who runs it.
                </>
              ) : (
                <>
                  The app published at <strong>{publishedBy}</strong> calls itself “<Name>{request.client.clientName}</Name>”. The
                  service has not verified who runs that site.
                </>
              )}
            </dd>
            <dt>{publishedBy === undefined ? "Registered" : "First seen"}</dt>
            <dd>
              {/* In the reader's zone, named, like every time on the people's pages: how new the app is. */}
              <LocalTime at={request.client.createdAt} />
            </dd>
            <dt>Sends you back to</dt>
            <dd>
              <strong>{new URL(request.redirectUri).host}</strong>
            </dd>
          </dl>
          <p>Allow it only if you started this connection yourself, from an app you trust, and you recognise that address.</p>
        </Notice>
        <p class="muted">
          Signed in as <Name>{user.displayName}</Name> ({user.email}).
        </p>
        <SwitchAccountForm forms={forms} label="Not you? Sign in as someone else" />
        <form method="post" action={forms.action}>
          <AuthorizationFields request={request} />
          <CsrfField token={forms.consent} />
          <fieldset>
            <legend>
              <Name>{client}</Name> asks to:
            </legend>
            {request.scopes.map((scope) => (
              <label key={scope} class="choice">
                <input type="checkbox" name="granted_scope" value={scope} checked /> <code>{scope}</code> —{" "}
                {SCOPES[scope].meaning}
              </label>
            ))}
          </fieldset>
          <NothingIsSentNotice>
            <p>
              You can end this connection at any time on the <a href={PAGE_PATHS.connections}>Connections</a> screen.
            </p>
          </NothingIsSentNotice>
          {offersReadOnly(request.workspace, request.scopes) ? (
            <p id="read-only-means">
              <strong>Allow read only</strong> lets <Name>{client}</Name> look and nothing more, whatever is ticked above:{" "}
              {readOnlyToolTitles(request.workspace).join(", ")}. It cannot save drafts. You can change this later by
              connecting again.
            </p>
          ) : null}
          <div class="actions">
            <button class="primary" type="submit" name="decision" value="allow">
              Allow
            </button>
            {offersReadOnly(request.workspace, request.scopes) ? (
              <button type="submit" name="decision" value="allow-read-only" aria-describedby="read-only-means">
                Allow read only
              </button>
            ) : null}
            <button type="submit" name="decision" value="deny">
              Deny
            </button>
          </div>
        </form>
      </>
    ),
  });
}
