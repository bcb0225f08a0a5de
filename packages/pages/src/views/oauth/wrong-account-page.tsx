import { CsrfField, Name, Notice, PAGE_PATHS, renderPage } from "@connector/ui";
import { clientLabel, type ConsentRequest } from "./consent-request.js";
import type { PageUser } from "../../sessions/page-session.js";
import { AuthorizationFields, WORKSPACE_NAMES } from "./authorization-fields.js";
import { type ConsentForms, SwitchAccountForm } from "./consent-page.js";

/** What kind of account the person is signed in with, in plain words. */
function accountKind(user: Pick<PageUser, "deskId" | "consumerId">): string {
  if (user.deskId !== null) return "a Desk account";
  if (user.consumerId !== null) return "a Resolve consumer account";
  return "an account with no workspace";
}

/** What kind of account the workspace needs. */
const NEEDED = { desk: "a Desk account (a creditor, buyer or agency desk)", resolve: "a Resolve consumer account" } as const;

/**
 * A person signed in with the wrong kind of account for the workspace an app asks for (a Desk owner
 * asked to connect Resolve): the page says so and offers to sign in as someone else, coming back to
 * this same request. "Cancel" answers the app with `access_denied` through the consent endpoint, so
 * the app is not left waiting.
 */
export function wrongAccountPage(request: ConsentRequest, user: PageUser, forms: ConsentForms): string {
  const workspace = WORKSPACE_NAMES[request.workspace];
  const client = clientLabel(request);
  return renderPage({
    title: `This account cannot connect ${workspace}`,
    person: forms.person,
    width: "narrow",
    children: (
      <>
        <h1>This account cannot connect {workspace}</h1>
        <Notice tone="warn">
          <p>
            <strong>
              <Name>{client}</Name>
            </strong>{" "}
            asks to use a {workspace} workspace, which needs {NEEDED[request.workspace]}. You are signed in as{" "}
            <Name>{user.displayName}</Name>, {accountKind(user)}.
          </p>
        </Notice>
        <p>
          If you have the right account, sign in with it: you will come back here to review what <Name>{client}</Name> asks. Nothing
          has been connected.
        </p>
        <div class="actions">
          <SwitchAccountForm forms={forms} label="Sign in as someone else" primary />
          <form method="post" action={forms.action}>
            <AuthorizationFields request={request} />
            <CsrfField token={forms.consent} />
            <button type="submit" name="decision" value="deny">
              Cancel and go back to <Name>{client}</Name>
            </button>
          </form>
        </div>
      </>
    ),
  });
}
