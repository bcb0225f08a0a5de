import { message, PAGE_PATHS } from "@connector/ui";
import type { PageSession } from "../../sessions/page-session.js";
import { renderMessagePage } from "./message-page.js";

/**
 * A Desk page opened by a consumer (`/desk/place`, `/desk/agency` and what is under them): who it
 * is for, in their language and plain words, and the way back to their own page. Never a Desk's
 * words ("your Desk is not an agency") to someone who has no Desk.
 */
export function renderDeskOnlyPage(session: PageSession): string {
  return renderMessagePage(session, {
    title: message("access.deskOnly.title"),
    status: message("access.deskOnly.status"),
    next: { href: PAGE_PATHS.resolve, label: message("access.deskOnly.next") },
  });
}

/** Resolve opened by Desk staff: it is for consumers, and their drafts are on Connections. */
export function renderResolveOnlyPage(session: PageSession): string {
  return renderMessagePage(session, { title: message("access.resolveOnly.title"), status: message("access.resolveOnly.status") });
}
