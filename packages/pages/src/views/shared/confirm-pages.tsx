import type { PageSession, UserConnection } from "../../sessions/page-session.js";
import type { ConsumerRequestDraftView, PlacementDraftView } from "@connector/core/domain";
import type { DeskKeyListing } from "@connector/core/ports";
import { isolatedName, Name } from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import { renderConfirmPage } from "./confirm-page.js";
import { draftName } from "../drafts/draft-list.js";
import { formatTime } from "./format.js";
import { plural } from "./plural.js";

/** Before a draft is discarded: which draft, and that it can never be approved afterwards. */
export function renderDiscardConfirmPage(session: PageSession, draft: PlacementDraftView | ConsumerRequestDraftView): string {
  return renderConfirmPage(session, {
    title: "Discard this draft?",
    children: (
      // The draft's name is set apart in quotes and on its own line: a title such as "To be discarded" read as the sentence (issue 39 item 8).
      <>
        <p>You are about to discard this draft:</p>
        <p>
          <strong>“{draftName(draft)}”</strong>
        </p>
        <p>
          {draft.kind === "placement" ? `A placement draft of ${plural(draft.accountCount, "account")}, saved ` : "Saved "}
          {formatTime(draft.createdAt)}.
        </p>
      </>
    ),
    consequences: [
      draft.kind === "placement"
        ? "It can never be approved afterwards: none of its accounts will be added from it."
        : "It is closed for good; you can still write a new request.",
      "It stays in the history, marked discarded. Nothing is sent to anyone.",
    ],
    confirm: { action: PAGES.draftAction(draft.draftId, "discard"), token: session.csrfToken("discard-draft"), label: "Yes, discard this draft" },
    cancel: { href: PAGES.draft(draft.draftId), label: "No, keep it" },
  });
}

/** Before a connection is revoked: which agent, what it could do, and that it must be connected again. */
export function renderRevokeConnectionConfirmPage(session: PageSession, connection: UserConnection): string {
  return renderConfirmPage(session, {
    title: `Revoke access for ${isolatedName(connection.clientName)}?`,
    children: (
      <p>
        <strong>
          <Name>{connection.clientName}</Name>
        </strong> was connected to your {connection.workspace === "desk" ? "Desk" : "Resolve"} workspace on{" "}
        {formatTime(connection.createdAt)} and last used {formatTime(connection.lastUsedAt)}.
      </p>
    ),
    consequences: [
      "Its next call is refused, on every tool, at once. Its tokens cannot be brought back.",
      "To use it again you connect it again from the agent, and choose again what it may do.",
      "The drafts it saved stay, and so does its activity trail.",
    ],
    confirm: {
      action: PAGES.revokeConnection(connection.grantId),
      token: session.csrfToken("revoke-connection"),
      label: `Yes, revoke ${isolatedName(connection.clientName)}`,
    },
    cancel: { href: PAGES.connections, label: "No, keep it connected" },
  });
}

/** Before a desk key is revoked: which key, and that programs using it stop at once. */
export function renderRevokeKeyConfirmPage(session: PageSession, key: DeskKeyListing): string {
  return renderConfirmPage(session, {
    title: `Revoke the desk key “${isolatedName(key.name)}”?`,
    children: (
      <p>
        The key <strong>
          <Name>{key.name}</Name>
        </strong> was created {formatTime(key.createdAt)} and last used {formatTime(key.lastUsedAt)}.
      </p>
    ),
    consequences: [
      "Every program that uses it is refused from its next request on.",
      "A revoked key cannot be turned back on: create a new key and give it to the program instead.",
    ],
    confirm: { action: PAGES.revokeKey(key.keyId), token: session.csrfToken("revoke-key"), label: "Yes, revoke this key" },
    cancel: { href: PAGES.place, label: "No, keep the key" },
  });
}
