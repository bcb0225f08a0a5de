import type { PageSession, UserConnection } from "../../sessions/page-session.js";
import type { ConsumerRequestDraftView, PlacementDraftView } from "@connector/core/domain";
import type { DeskKeyListing } from "@connector/core/ports";
import { isolatedName, message, Name, richMessage } from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import { renderConfirmPage } from "./confirm-page.js";
import { DraftName } from "../drafts/draft-list.js";
import { formatTime } from "./format.js";

/** Before a draft is discarded: which draft, and that it can never be approved afterwards. */
export function renderDiscardConfirmPage(session: PageSession, draft: PlacementDraftView | ConsumerRequestDraftView): string {
  return renderConfirmPage(session, {
    title: message("shared.discard.title"),
    children: (
      // The draft's name is set apart in quotes and on its own line: a title such as "To be discarded" read as the sentence (issue 39 item 8).
      <>
        <p>{message("shared.discard.about")}</p>
        <p>
          <strong>
            “<DraftName draft={draft} />”
          </strong>
        </p>
        <p>
          {draft.kind === "placement"
            ? richMessage("shared.discard.placementSaved", { count: draft.accountCount, time: formatTime(draft.createdAt) })
            : richMessage("shared.discard.saved", { time: formatTime(draft.createdAt) })}
        </p>
      </>
    ),
    consequences: [
      draft.kind === "placement"
        ? message("shared.discard.neverApproved")
        : message("shared.discard.closed"),
      message("shared.discard.stays"),
    ],
    confirm: { action: PAGES.draftAction(draft.draftId, "discard"), token: session.csrfToken("discard-draft"), label: message("shared.discard.confirm") },
    cancel: { href: PAGES.draft(draft.draftId), label: message("shared.discard.keep") },
  });
}

/** Before a connection is revoked: which agent, what it could do, and that it must be connected again. */
export function renderRevokeConnectionConfirmPage(session: PageSession, connection: UserConnection): string {
  return renderConfirmPage(session, {
    title: message("shared.revokeConnection.title", { client: isolatedName(connection.clientName) }),
    children: (
      <p>
        {richMessage("shared.revokeConnection.about", {
          client: (
            <strong>
              <Name>{connection.clientName}</Name>
            </strong>
          ),
          workspace: connection.workspace === "desk" ? "Desk" : "Resolve",
          connected: formatTime(connection.createdAt),
          used: formatTime(connection.lastUsedAt),
        })}
      </p>
    ),
    consequences: [message("shared.revokeConnection.refused"), message("shared.revokeConnection.again"), message("shared.revokeConnection.stays")],
    confirm: {
      action: PAGES.revokeConnection(connection.grantId),
      token: session.csrfToken("revoke-connection"),
      label: message("shared.revokeConnection.confirm", { client: isolatedName(connection.clientName) }),
    },
    cancel: { href: PAGES.connections, label: message("shared.revokeConnection.keep") },
  });
}

/** Before a desk key is revoked: which key, and that programs using it stop at once. */
export function renderRevokeKeyConfirmPage(session: PageSession, key: DeskKeyListing): string {
  return renderConfirmPage(session, {
    title: message("shared.revokeKey.title", { name: isolatedName(key.name) }),
    children: (
      <p>
        {richMessage("shared.revokeKey.about", {
          name: (
            <strong>
              <Name>{key.name}</Name>
            </strong>
          ),
          created: formatTime(key.createdAt),
          used: formatTime(key.lastUsedAt),
        })}
      </p>
    ),
    consequences: [message("shared.revokeKey.refused"), message("shared.revokeKey.newKey")],
    confirm: { action: PAGES.revokeKey(key.keyId), token: session.csrfToken("revoke-key"), label: message("shared.revokeKey.confirm") },
    cancel: { href: PAGES.place, label: message("shared.revokeKey.keep") },
  });
}
