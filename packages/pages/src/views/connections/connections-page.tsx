import { isScope, SCOPES } from "@connector/core";
import { DRAFT_STATUS_NOTICE, type MyDraftsPage } from "@connector/core/drafts";
import { REVOKED_CONNECTIONS_KEPT_DAYS } from "@connector/core/limits";
import type { PageSession, UserConnection } from "../../sessions/page-session.js";
import { EmptyState, isolatedName, Name, Notice, PAGE_PATHS, StatusBadge, Table } from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import { DraftList } from "../drafts/draft-list.js";
import { formatTime } from "../shared/format.js";
import { renderSignedInPage } from "../shared/signed-in-page.js";
import { outcomeWords, toolWords } from "./trail-words.js";

export interface ConnectionsPageProps {
  connections: UserConnection[];
  drafts: MyDraftsPage;
  /** The cursor this page of drafts started at, if not the first. */
  cursor: string | undefined;
  /** For the Desk's owner: the Desk's drafts waiting for a decision, and the cursor their page started at. */
  desk?: { drafts: MyDraftsPage; cursor: string | undefined } | undefined;
  /** Set after a revocation: the client whose access ended. */
  revoked?: boolean;
}

/** Links keep the other list's page: `?cursor=` pages the person's drafts, `?desk=` the Desk's. */
function connectionsPath(query: { cursor?: string | undefined; desk?: string | undefined }): string {
  const search = new URLSearchParams();
  if (query.cursor !== undefined) search.set("cursor", query.cursor);
  if (query.desk !== undefined) search.set("desk", query.desk);
  const text = search.toString();
  return text === "" ? PAGES.connections : `${PAGES.connections}?${text}`;
}

/** The owner's list: every draft of the Desk still waiting for a decision, whoever's agent saved it. */
function DeskDrafts({ desk, cursor, viewerUserId }: { desk: NonNullable<ConnectionsPageProps["desk"]>; cursor: string | undefined; viewerUserId: string }) {
  const next = desk.drafts.nextCursor;
  return (
    <>
      <h3>Your Desk's drafts awaiting review</h3>
      <p>Drafts saved by any of your Desk's agents, members' too, that nobody has approved or discarded yet. Only you can approve them.</p>
      <DraftList
        caption="Your Desk's open drafts, newest first"
        drafts={desk.drafts.drafts}
        firstPage={desk.cursor === undefined ? undefined : connectionsPath({ cursor })}
        nextPage={next === null ? undefined : connectionsPath({ cursor, desk: next })}
        emptyHint="No draft of your Desk is waiting for a decision."
        pagerLabel="Pages of your Desk's open drafts"
        savedBy={{ creators: desk.drafts.savedBy, viewerUserId }}
      />
    </>
  );
}

function Activity({ connection }: { connection: UserConnection }) {
  if (connection.activity.length === 0) {
    return (
      <EmptyState title="No calls yet">
        <p>When this agent uses a tool, each call is listed here: which tool, when, and how it went.</p>
      </EmptyState>
    );
  }
  // The latest few show; the rest fold away, so Revoke stays near the connection's name.
  const latest = connection.activity.slice(0, TRAIL_SHOWN);
  const earlier = connection.activity.slice(TRAIL_SHOWN);
  const name = isolatedName(connection.clientName);
  return (
    <>
      <TrailTable caption={`Latest calls by ${name}, newest first`} entries={latest} />
      {earlier.length === 0 ? null : (
        <details class="trail-earlier">
          <summary>Earlier calls ({earlier.length})</summary>
          <TrailTable caption={`Earlier calls by ${name}, newest first`} entries={earlier} />
        </details>
      )}
    </>
  );
}

/** How many of a connection's latest calls show before the rest fold away. */
const TRAIL_SHOWN = 3;

function TrailTable({ caption, entries }: { caption: string; entries: UserConnection["activity"] }) {
  return (
    <Table
      caption={caption}
      columns={[{ label: "What it did" }, { label: "When" }, { label: "How it went" }]}
      rows={entries.map((entry) => {
        const outcome = outcomeWords(entry.result);
        return [toolWords(entry.tool), formatTime(entry.at), <StatusBadge tone={outcome.ok ? "good" : "bad"}>{outcome.words}</StatusBadge>];
      })}
    />
  );
}

const REVOKED_BY = { user: "by you", client: "by the app itself", service: "by the service (its credentials were used twice)" } as const;

function Connection({ connection }: { connection: UserConnection }) {
  const revoked = connection.revokedAt !== null;
  return (
    <section class="card" aria-labelledby={`connection-${connection.grantId}`}>
      <h3 id={`connection-${connection.grantId}`}>
        <Name>{connection.clientName}</Name> {revoked ? <StatusBadge tone="neutral">Revoked</StatusBadge> : <StatusBadge tone="good">Connected</StatusBadge>}
      </h3>
      <dl class="details">
        {revoked ? (
          <>
            <dt>Revoked</dt>
            <dd>
              {formatTime(connection.revokedAt)}
              {connection.revokedBy === null ? "" : `, ${REVOKED_BY[connection.revokedBy]}`}. It can no longer act for you.
            </dd>
          </>
        ) : null}
        <dt>Workspace</dt>
        <dd>{connection.workspace === "desk" ? "Desk" : "Resolve"}</dd>
        <dt>Allowed to</dt>
        <dd>{connection.scopes.map((scope) => (isScope(scope) ? SCOPES[scope].meaning : scope)).join("; ")}</dd>
        <dt>Connected</dt>
        <dd>{formatTime(connection.createdAt)}</dd>
        <dt>Last used</dt>
        <dd>{formatTime(connection.lastUsedAt)}</dd>
      </dl>
      <Activity connection={connection} />
      {revoked ? null : (
        <p>
          <a class="button danger" href={PAGES.revokeConnection(connection.grantId)}>
            Revoke access for <Name>{connection.clientName}</Name>…
          </a>
        </p>
      )}
    </section>
  );
}

/** `/connections`: the person's connected agents with their trails and Revoke, then their connections' drafts. */
export function renderConnectionsPage(session: PageSession, props: ConnectionsPageProps): string {
  const { connections, drafts, cursor } = props;
  const live = connections.filter((connection) => connection.revokedAt === null);
  const ended = connections.filter((connection) => connection.revokedAt !== null);
  // A consumer's drafts are theirs, saved on their page or by their agents: not "drafts your agents saved".
  const consumer = session.actor?.kind === "consumer";
  return renderSignedInPage(session, {
    title: "Connections and drafts",
    path: PAGE_PATHS.connections,
    children: (
      <>
        <h1>Connections and drafts</h1>
        <p>
          These are the AI agents you connected. Each can only do what you allowed. Revoking one stops it at once: its next
          call is refused.
        </p>
        {props.revoked === true ? (
          <Notice tone="good" role="status" title="Connection revoked">
            <p>The agent can no longer act for you. Connect it again from the agent if you change your mind.</p>
          </Notice>
        ) : null}
        <h2>Your connections</h2>
        {live.length === 0 ? (
          <EmptyState title="No connections yet">
            <p>
              Connect an AI agent from the agent's own settings; it brings you here to sign in and choose what it may do. See{" "}
              <a href={PAGE_PATHS.developers}>Developers</a> for how.
            </p>
          </EmptyState>
        ) : (
          live.map((connection) => <Connection key={connection.grantId} connection={connection} />)
        )}
        {ended.length === 0 ? null : (
          <>
            <h2>Revoked connections</h2>
            <p>
              A revoked connection stays listed here, with its activity, for {REVOKED_CONNECTIONS_KEPT_DAYS} days after it ended. None of
              them can act for you.
            </p>
            {ended.map((connection) => (
              <Connection key={connection.grantId} connection={connection} />
            ))}
          </>
        )}
        <h2>{consumer ? "Your request drafts" : "Drafts from your connections"}</h2>
        <Notice title="Drafts are only drafts">
          <p>{DRAFT_STATUS_NOTICE}</p>
        </Notice>
        {/* Each draft is listed once: the owner's open drafts are on the Desk's list, their own list keeps the decided ones. */}
        {props.desk === undefined ? null : <DeskDrafts desk={props.desk} cursor={cursor} viewerUserId={session.user.userId} />}
        {props.desk === undefined ? null : <h3>Decided drafts your agents saved</h3>}
        <DraftList
          caption={
            consumer
              ? "Your request drafts, whoever saved them, newest first"
              : props.desk === undefined
                ? "Drafts your agents saved, newest first"
                : "Approved or discarded drafts your agents saved, newest first"
          }
          drafts={drafts.drafts}
          savedBy={{ creators: drafts.savedBy, viewerUserId: session.user.userId }}
          firstPage={cursor === undefined ? undefined : connectionsPath({ desk: props.desk?.cursor })}
          nextPage={drafts.nextCursor === null ? undefined : connectionsPath({ cursor: drafts.nextCursor, desk: props.desk?.cursor })}
          emptyHint={
            consumer
              ? "When you or one of your agents saves a request draft, it appears here for you to review. Nothing is sent."
              : props.desk === undefined
                ? "When one of your agents saves a draft, it appears here for you to review. Nothing is sent until a person acts."
                : "Drafts you approve or discard move here from the list above."
          }
        />
      </>
    ),
  });
}
