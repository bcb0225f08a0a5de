import type { PageSession } from "../../sessions/page-session.js";
import {
  type AgencyClientView,
  type AgencyInviteView,
  INVITE_DEFAULT_DAYS,
  INVITE_MAX_DAYS,
  type InviteStatus,
} from "@connector/core/agency";
import { type BadgeTone, CodeBlock, CsrfForm, EmptyState, ErrorSummary, Field, Name, Notice, StatusBadge, Table } from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import { renderConfirmPage } from "../shared/confirm-page.js";
import { formatTime } from "../shared/format.js";
import { renderSignedInPage } from "../shared/signed-in-page.js";

export interface AgencyPageProps {
  invites: readonly AgencyInviteView[];
  clients: readonly AgencyClientView[];
  /**
   * An invitation just created (`?created=`): its link, shown this once (only its hash is stored),
   * or no link when the page is loaded again (a reload creates nothing).
   */
  created?: { inviteId: string; url: string | undefined } | undefined;
  /** The mint form as sent, with what to fix. */
  form?: { values: { label?: string; days?: string }; errors: { label?: string; days?: string } } | undefined;
  revoked?: boolean;
}

const STATUS: Record<InviteStatus, { label: string; tone: BadgeTone }> = {
  live: { label: "Live", tone: "good" },
  expired: { label: "Expired", tone: "neutral" },
  revoked: { label: "Revoked", tone: "neutral" },
  redeemed: { label: "Accepted", tone: "info" },
};

const KIND = { creditor: "Creditor", buyer: "Debt buyer", agency: "Agency" } as const;

/** Who accepted an invitation: the client Desk's own chosen name, isolated, or "a client" once it is gone. */
function RedeemedBy({ name }: { name: string | undefined }) {
  return name === undefined ? <> by a client</> : <> by <Name>{name}</Name></>;
}

/** The invitation just created: its link once; on a reload, that it exists and its link is not shown again. */
function CreatedInvite({ created, invites }: { created: AgencyPageProps["created"]; invites: readonly AgencyInviteView[] }) {
  if (created === undefined) return null;
  const invite = invites.find((one) => one.inviteId === created.inviteId);
  if (invite === undefined) return null;
  const note = invite.label === null ? "" : ` (${invite.label})`;
  if (created.url === undefined) {
    return (
      <Notice title={`The invitation${note} was created`}>
        <p>
          It is in the list below. Its link was shown once, when it was created, and is not shown again. If you did not copy
          it, revoke the invitation and create another.
        </p>
      </Notice>
    );
  }
  return (
    <Notice tone="warn" role="status" title="Your new invitation link: copy it now">
      <p>
        This is the only time the link is shown{note}. Send it to the client yourself; the service sends nothing. It works
        once, until it expires.
      </p>
      <CodeBlock id="invite-link" text={created.url} copyLabel="Copy link" />
    </Notice>
  );
}

/** `/desk/agency`: an agency Desk mints invitation links (each shown once), sees and revokes them, and sees its clients. */
export function renderAgencyPage(session: PageSession, props: AgencyPageProps): string {
  const clientName = new Map(props.clients.map((client) => [client.deskId, client.name]));
  return renderSignedInPage(session, {
    title: "Agency invitations and clients",
    children: (
      <>
        <p>
          <a href={PAGES.place}>← Place accounts</a>
        </p>
        <h1>Agency invitations and clients</h1>
        <p>
          A creditor or debt buyer becomes a client of your agency by accepting an invitation link from you. Then they can place
          accounts with you. An invitation links the two Desks; it sends nothing and places nothing.
        </p>
        <CreatedInvite created={props.created} invites={props.invites} />
        {props.revoked === true ? (
          <Notice tone="good" role="status">
            <p>Invitation revoked. Its link no longer works; nothing else changed.</p>
          </Notice>
        ) : null}
        <h2>Invite a client</h2>
        <CsrfForm action={PAGES.mintInvite} token={session.csrfToken("mint-invite")} class="card" label="Create an invitation link">
          {props.form === undefined ? null : (
            <ErrorSummary
              title="No invitation link was created"
              problems={[
                ...(props.form.errors.label === undefined ? [] : [{ fieldId: "invite-label", label: "Note (optional)" }]),
                ...(props.form.errors.days === undefined ? [] : [{ fieldId: "invite-days", label: "Days the link works" }]),
              ]}
            />
          )}
          <Field
            name="label"
            id="invite-label"
            label="Note (optional)"
            hint="For you only, e.g. the client's company name."
            maxLength={120}
            value={props.form?.values.label}
            error={props.form?.errors.label}
            first
          />
          <Field
            name="expiresInDays"
            id="invite-days"
            label="Days the link works"
            type="number"
            min="1"
            max={String(INVITE_MAX_DAYS)}
            hint={`From 1 to ${INVITE_MAX_DAYS} days; ${INVITE_DEFAULT_DAYS} when empty.`}
            value={props.form?.values.days}
            error={props.form?.errors.days}
            first={props.form?.errors.label === undefined}
          />
          <button type="submit" class="button primary">
            Create an invitation link
          </button>
        </CsrfForm>
        <h2>Your invitations</h2>
        {props.invites.length === 0 ? (
          <EmptyState title="No invitations yet">
            <p>Create one above and send the link to the client.</p>
          </EmptyState>
        ) : (
          <Table
            caption="Invitation links, newest first"
            columns={[{ label: "Note" }, { label: "Status" }, { label: "Created" }, { label: "Works until" }, { label: "" }]}
            rowKeys={props.invites.map((invite) => invite.inviteId)}
            rows={props.invites.map((invite) => [
              invite.label ?? "—",
              <>
                <StatusBadge tone={STATUS[invite.status].tone}>{STATUS[invite.status].label}</StatusBadge>
                {invite.status === "redeemed" && invite.redeemedByDeskId !== null ? <RedeemedBy name={clientName.get(invite.redeemedByDeskId)} /> : ""}
              </>,
              formatTime(invite.createdAt),
              formatTime(invite.expiresAt),
              invite.status === "live" ? (
                <a class="button danger" href={PAGES.revokeInvite(invite.inviteId)} aria-label={`Revoke the invitation ${invite.label ?? `without a note, created ${invite.createdAt.slice(0, 10)}`}…`}>
                  Revoke…
                </a>
              ) : (
                ""
              ),
            ])}
          />
        )}
        <h2>Your client desks</h2>
        {props.clients.length === 0 ? (
          <EmptyState title="No clients yet">
            <p>When a client accepts one of your invitations, their Desk is listed here.</p>
          </EmptyState>
        ) : (
          <Table
            caption="Desks that joined your agency"
            columns={[{ label: "Desk" }, { label: "Kind" }, { label: "Joined" }]}
            rowKeys={props.clients.map((client) => client.deskId)}
            rows={props.clients.map((client) => [<Name>{client.name}</Name>, KIND[client.kind], formatTime(client.joinedAt)])}
          />
        )}
      </>
    ),
  });
}

/** Before an invitation is revoked: which one, and that its link stops working. */
export function renderRevokeInviteConfirmPage(session: PageSession, invite: AgencyInviteView): string {
  return renderConfirmPage(session, {
    title: "Revoke this invitation?",
    children: (
      <p>
        The invitation {invite.label === null ? "" : <strong>{invite.label} </strong>}created {formatTime(invite.createdAt)} works until{" "}
        {formatTime(invite.expiresAt)}.
      </p>
    ),
    consequences: [
      "Its link stops working at once; whoever opens it is told it cannot be used.",
      "Desks that already joined stay your clients. To invite again, create a new link.",
    ],
    confirm: { action: PAGES.revokeInvite(invite.inviteId), token: session.csrfToken("revoke-invite"), label: "Yes, revoke the invitation" },
    cancel: { href: PAGES.agency, label: "No, keep it" },
  });
}
