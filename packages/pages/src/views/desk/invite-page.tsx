import type { PageSession } from "../../sessions/page-session.js";
import { CsrfForm, isolatedName, message, Name, PAGE_PATHS, richMessage } from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import { formatTime } from "../shared/format.js";
import { renderMessagePage } from "../shared/message-page.js";
import { renderSignedInPage } from "../shared/signed-in-page.js";

export interface InvitePageProps {
  token: string;
  invite: { agencyName: string; expiresAt: string };
  /** How the visitor stands: not signed in, a desk that may accept, or someone else who cannot. */
  visitor: "signed_out" | "desk" | "not_a_desk";
  signInUrl: string;
}

/**
 * An invite link opened by a consumer (a forwarded link), live or not: it is for a company, said in
 * their language, with the way back to Resolve.
 */
export function renderInviteForConsumerPage(session: PageSession): string {
  return renderMessagePage(session, {
    title: message("invite.consumer.title"),
    status: message("invite.consumer.status"),
    next: { href: PAGE_PATHS.resolve, label: message("access.deskOnly.next") },
  });
}

/** A live invite: who invites, until when, and Accept for a signed-in desk. */
export function renderInvitePage(session: PageSession | undefined, props: InvitePageProps): string {
  const agency = <Name>{props.invite.agencyName}</Name>;
  return renderSignedInPage(session, {
    title: message("invite.title", { agency: isolatedName(props.invite.agencyName) }),
    children: (
      <>
        <h1>{richMessage("invite.heading", { agency })}</h1>
        <p>{richMessage("invite.about", { agency, time: formatTime(props.invite.expiresAt) })}</p>
        <p>{message("invite.effect")}</p>
        {props.visitor === "desk" ? (
          <CsrfForm action={PAGES.acceptInvite(props.token)} token={session?.csrfToken("accept-invite") ?? ""}>
            <button type="submit" class="button primary">
              {message("invite.accept")}
            </button>
          </CsrfForm>
        ) : props.visitor === "signed_out" ? (
          <p>{richMessage("invite.signIn", { link: <a href={props.signInUrl}>{message("invite.signInLink")}</a> })}</p>
        ) : (
          <p>{message("invite.notADesk")}</p>
        )}
      </>
    ),
  });
}

/** Expired, revoked, used by another desk or unknown: one page for all, which tells them apart no more than the API does. */
export function renderInvalidInvitePage(session: PageSession | undefined): string {
  return renderMessagePage(session, { title: message("invite.invalid.title"), status: message("invite.invalid.status") });
}

/** The desk's membership from this invite: just made, or made before (the link opened again after accepting). */
export function renderInviteAcceptedPage(session: PageSession, membership: { agencyName: string; joinedAt: string }, already: boolean): string {
  const agency = isolatedName(membership.agencyName);
  const values = { agency: <Name>{membership.agencyName}</Name>, time: formatTime(membership.joinedAt) };
  return renderMessagePage(session, {
    title: message(already ? "invite.already.title" : "invite.joined.title", { agency }),
    status: richMessage(already ? "invite.already.status" : "invite.joined.status", values),
    next: { href: PAGE_PATHS.place, label: message("access.agencyOnly.next") },
  });
}
