import type { PageSession } from "../../sessions/page-session.js";
import { CsrfForm, isolatedName, Name, PAGE_PATHS } from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import { formatTime } from "../shared/format.js";
import { renderMessagePage } from "../shared/message-page.js";
import { renderSignedInPage } from "../shared/signed-in-page.js";

export interface InvitePageProps {
  token: string;
  invite: { agencyName: string; expiresAt: string };
  /** How the visitor stands: not signed in, a desk that may accept, or someone who cannot. */
  visitor: "signed_out" | "desk" | "not_a_desk";
  signInUrl: string;
}

/** A live invite: who invites, until when, and Accept for a signed-in desk. */
export function renderInvitePage(session: PageSession | undefined, props: InvitePageProps): string {
  return renderSignedInPage(session, {
    title: `Invitation from ${isolatedName(props.invite.agencyName)}`,
    children: (
      <>
        <h1>
          Join <Name>{props.invite.agencyName}</Name> as a client
        </h1>
        <p>
          <Name>{props.invite.agencyName}</Name> invites your Desk to become its client, so you can place accounts with it. The link works until{" "}
          {formatTime(props.invite.expiresAt)}, once.
        </p>
        <p>Accepting links the two Desks. It sends nothing and places no account.</p>
        {props.visitor === "desk" ? (
          <CsrfForm action={PAGES.acceptInvite(props.token)} token={session?.csrfToken("accept-invite") ?? ""}>
            <button type="submit" class="button primary">Accept the invitation</button>
          </CsrfForm>
        ) : props.visitor === "signed_out" ? (
          <p>
            <a href={props.signInUrl}>Sign in as your Desk</a> to accept.
          </p>
        ) : (
          <p>Only a creditor's or buyer's Desk can accept an agency's invitation. Sign in as your Desk to accept it.</p>
        )}
      </>
    ),
  });
}

/** Expired, revoked, used or unknown: one page for all, which tells them apart no more than the API does. */
export function renderInvalidInvitePage(session: PageSession | undefined): string {
  return renderMessagePage(session, {
    title: "This invitation cannot be used",
    status: "The link has expired, was withdrawn, was already used, or is not a real invitation. Nothing was attached to your Desk. Ask the agency for a new link.",
  });
}

export function renderInviteAcceptedPage(session: PageSession, agencyName: string, already: boolean): string {
  return renderMessagePage(session, {
    title: already ? `You are already a client of ${agencyName}` : `You joined ${agencyName}`,
    status: already
      ? "Nothing changed: your Desk was already a client of this agency."
      : `Your Desk is now a client of ${agencyName}. You can place accounts with it from the place screen.`,
    next: { href: PAGE_PATHS.place, label: "Go to the place screen" },
  });
}
