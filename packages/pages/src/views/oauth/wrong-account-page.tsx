import { CsrfField, type MessageKey, message, Name, Notice, renderPage, richMessage } from "@connector/ui";
import { clientLabel, type ConsentRequest } from "./consent-request.js";
import type { PageUser } from "../../sessions/page-session.js";
import { AuthorizationFields, WORKSPACE_NAMES } from "./authorization-fields.js";
import { type ConsentForms, SwitchAccountForm } from "./consent-page.js";

/** What kind of account the person is signed in with, in plain words. */
function accountKind(user: Pick<PageUser, "deskId" | "consumerId">): MessageKey {
  if (user.deskId !== null) return "oauth.wrongAccount.kind.desk";
  if (user.consumerId !== null) return "oauth.wrongAccount.kind.consumer";
  return "oauth.wrongAccount.kind.none";
}

/** What kind of account the workspace needs. */
const NEEDED = { desk: "oauth.wrongAccount.needs.desk", resolve: "oauth.wrongAccount.needs.resolve" } as const satisfies Record<string, MessageKey>;

/**
 * A person signed in with the wrong kind of account for the workspace an app asks for (a Desk owner
 * asked to connect Resolve): the page says so and offers to sign in as someone else, coming back to
 * this same request. "Cancel" answers the app with `access_denied` through the consent endpoint, so
 * the app is not left waiting.
 */
export function wrongAccountPage(request: ConsentRequest, user: PageUser, forms: ConsentForms): string {
  const workspace = WORKSPACE_NAMES[request.workspace];
  const client = clientLabel(request);
  const title = message("oauth.wrongAccount.title", { workspace });
  return renderPage({
    title,
    person: forms.person,
    width: "narrow",
    children: (
      <>
        <h1>{title}</h1>
        <Notice tone="warn">
          <p>
            {richMessage("oauth.wrongAccount.explain", {
              client: (
                <strong>
                  <Name>{client}</Name>
                </strong>
              ),
              workspace,
              needed: message(NEEDED[request.workspace]),
              name: <Name>{user.displayName}</Name>,
              kind: message(accountKind(user)),
            })}
          </p>
        </Notice>
        <p>{richMessage("oauth.wrongAccount.comeBack", { client: <Name>{client}</Name> })}</p>
        <div class="actions">
          <SwitchAccountForm forms={forms} label={message("oauth.wrongAccount.switch")} primary />
          <form method="post" action={forms.action}>
            <AuthorizationFields request={request} />
            <CsrfField token={forms.consent} />
            <button type="submit" name="decision" value="deny">
              {richMessage("oauth.wrongAccount.cancel", { client: <Name>{client}</Name> })}
            </button>
          </form>
        </div>
      </>
    ),
  });
}
