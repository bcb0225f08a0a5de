import type { Scope } from "@connector/core";
import type { ConsentForms } from "@connector/core/ports";
import { CsrfField, isolatedName, LocalTime, message, Name, Notice, NothingIsSentNotice, PAGE_PATHS, renderPage, richMessage } from "@connector/ui";
import { clientLabel, type ConsentRequest } from "./consent-request.js";
import type { PageUser } from "../../sessions/page-session.js";
import { AuthorizationFields, WORKSPACE_NAMES } from "./authorization-fields.js";
import { offersReadOnly, readOnlyToolTitles } from "./read-only-tools.js";

/** The CSRF tokens and return address the consent and wrong-account pages' forms carry (core's shape). */
export type { ConsentForms };

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
 * the workspace, and one ticked checkbox per requested scope, labelled with its meaning in the reader's
 * words (§5.1.6; the code is only the checkbox's value, never shown). The person
 * may untick scopes, Allow, or Deny. The original request travels in hidden fields and is
 * validated again on submit, so nothing the page carries is trusted.
 */
export function consentPage(request: ConsentRequest, user: PageUser, forms: ConsentForms): string {
  const workspace = WORKSPACE_NAMES[request.workspace];
  const publishedBy = request.publishedHost;
  const client = clientLabel(request);
  const clientName = (
    <strong>
      <Name>{client}</Name>
    </strong>
  );
  const readOnly = offersReadOnly(request.workspace, request.scopes);
  return renderPage({
    title: message("oauth.consent.title", { client: isolatedName(client), workspace }),
    person: forms.person,
    width: "narrow",
    children: (
      <>
        <h1>{richMessage("oauth.consent.heading", { client: clientName, workspace })}</h1>
        <Notice tone="warn" title={message("oauth.consent.known.title")}>
          <dl class="details">
            <dt>{message("oauth.consent.known.who")}</dt>
            <dd>
              {publishedBy === undefined
                ? message("oauth.consent.known.notChecked")
                : richMessage("oauth.consent.known.published", {
                    host: <strong>{publishedBy}</strong>,
                    name: <Name>{request.client.clientName}</Name>,
                  })}
            </dd>
            <dt>{message(publishedBy === undefined ? "oauth.consent.known.registered" : "oauth.consent.known.firstSeen")}</dt>
            <dd>
              {/* In the reader's zone, named, like every time on the people's pages: how new the app is. */}
              <LocalTime at={request.client.createdAt} />
            </dd>
            <dt>{message("oauth.consent.known.sendsBackTo")}</dt>
            <dd>
              <strong>{new URL(request.redirectUri).host}</strong>
            </dd>
          </dl>
          <p>{message("oauth.consent.known.advice")}</p>
        </Notice>
        <p class="muted">{richMessage("oauth.consent.signedInAs", { name: <Name>{user.displayName}</Name>, email: user.email })}</p>
        <SwitchAccountForm forms={forms} label={message("oauth.consent.notYou")} />
        <form method="post" action={forms.action}>
          <AuthorizationFields request={request} />
          <CsrfField token={forms.consent} />
          <fieldset>
            <legend>{richMessage("oauth.consent.asks", { client: <Name>{client}</Name> })}</legend>
            {request.scopes.map((scope) => (
              <label key={scope} class="choice">
                {/* The scope's code is the checkbox's value (what the form sends); a person reads what it allows. */}
                <input type="checkbox" name="granted_scope" value={scope} checked /> {message(`oauth.scope.${scope as Scope}`)}
              </label>
            ))}
          </fieldset>
          <NothingIsSentNotice>
            <p>{richMessage("oauth.consent.endAnyTime", { link: <a href={PAGE_PATHS.connections}>{message("oauth.consent.connections")}</a> })}</p>
          </NothingIsSentNotice>
          {readOnly ? (
            <p id="read-only-means">
              {richMessage("oauth.consent.readOnly.means", {
                allowReadOnly: <strong>{message("oauth.consent.allowReadOnly")}</strong>,
                client: <Name>{client}</Name>,
                tools: readOnlyToolTitles(request.workspace).join(", "),
              })}
            </p>
          ) : null}
          <div class="actions">
            <button class="primary" type="submit" name="decision" value="allow">
              {message("oauth.consent.allow")}
            </button>
            {readOnly ? (
              <button type="submit" name="decision" value="allow-read-only" aria-describedby="read-only-means">
                {message("oauth.consent.allowReadOnly")}
              </button>
            ) : null}
            <button type="submit" name="decision" value="deny">
              {message("oauth.consent.deny")}
            </button>
          </div>
        </form>
      </>
    ),
  });
}
