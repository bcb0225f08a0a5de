import { buildToolCatalogue, isScope, type Scope, type ToolCatalogue, toolsGrantedTo } from "@connector/core";
import { isReadOnly } from "@connector/core/policy";
import type { MyDraftsPage } from "@connector/core/drafts";
import { REVOKED_CONNECTIONS_KEPT_DAYS } from "@connector/core/limits";
import type { PageSession, UserConnection } from "../../sessions/page-session.js";
import { EmptyState, isolatedName, message, Name, Notice, PAGE_PATHS, richMessage, StatusBadge, Table } from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import { DraftList } from "../drafts/draft-list.js";
import { formatTime } from "../shared/format.js";
import { renderSignedInPage } from "../shared/signed-in-page.js";
import { outcomeWords, toolName, toolWords } from "./trail-words.js";

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
      <EmptyState title={message("connections.trail.emptyTitle")}>
        <p>{message("connections.trail.emptyBody")}</p>
      </EmptyState>
    );
  }
  // The latest few show; the rest fold away, so Revoke stays near the connection's name.
  const latest = connection.activity.slice(0, TRAIL_SHOWN);
  const earlier = connection.activity.slice(TRAIL_SHOWN);
  const name = isolatedName(connection.clientName);
  return (
    <>
      <TrailTable caption={message("connections.trail.latest", { name })} entries={latest} />
      {earlier.length === 0 ? null : (
        <details class="trail-earlier">
          <summary>{message("connections.trail.earlierSummary", { count: earlier.length })}</summary>
          <TrailTable caption={message("connections.trail.earlier", { name })} entries={earlier} />
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
      columns={[
        { label: message("connections.trail.column.what") },
        { label: message("connections.trail.column.when") },
        { label: message("connections.trail.column.outcome") },
      ]}
      rows={entries.map((entry) => {
        const outcome = outcomeWords(entry.result);
        return [toolWords(entry.tool), formatTime(entry.at), <StatusBadge tone={outcome.ok ? "good" : "bad"}>{outcome.words}</StatusBadge>];
      })}
    />
  );
}

let catalogue: ToolCatalogue | undefined;

/**
 * The tools a connection's permissions leave it, by core's one rule (`toolsGrantedTo`, what
 * `tools/list` shows it), each by its human name in the reader's language. The catalogue is built
 * on first use, once per process.
 */
function toolsLeft(connection: UserConnection): string[] {
  catalogue ??= buildToolCatalogue();
  const scopes = connection.scopes.filter(isScope) as Scope[];
  return toolsGrantedTo(catalogue, connection.workspace, scopes).map(toolName);
}

const scopeWords = (scope: string) => (isScope(scope) ? message(`connections.scope.${scope}`) : scope);

function Connection({ connection }: { connection: UserConnection }) {
  const revoked = connection.revokedAt !== null;
  const readOnly = isReadOnly(connection.scopes);
  const tools = toolsLeft(connection);
  return (
    <section class="card" aria-labelledby={`connection-${connection.grantId}`}>
      <h3 id={`connection-${connection.grantId}`}>
        <Name>{connection.clientName}</Name>{" "}
        {revoked ? (
          <StatusBadge tone="neutral">{message("connections.badge.revoked")}</StatusBadge>
        ) : (
          <StatusBadge tone="good">{message("connections.badge.connected")}</StatusBadge>
        )}
        {readOnly ? (
          <>
            {" "}
            <StatusBadge tone="info">{message("connections.badge.readOnly")}</StatusBadge>
          </>
        ) : null}
        {connection.dpopBound ? (
          <>
            {" "}
            <StatusBadge tone="good">{message("connections.badge.keyBound")}</StatusBadge>
          </>
        ) : null}
      </h3>
      <dl class="details">
        {revoked ? (
          <>
            <dt>{message("connections.field.revoked")}</dt>
            <dd>{richMessage("connections.revokedAt", { time: formatTime(connection.revokedAt), by: connection.revokedBy ?? "none" })}</dd>
          </>
        ) : null}
        <dt>{message("connections.field.workspace")}</dt>
        <dd>{connection.workspace === "desk" ? "Desk" : "Resolve"}</dd>
        <dt>{message("connections.field.access")}</dt>
        <dd>{message(readOnly ? "connections.access.readOnly" : "connections.access.drafts")}</dd>
        <dt>{message("connections.field.allowed")}</dt>
        <dd>{connection.scopes.map(scopeWords).join("; ")}</dd>
        <dt>{message("connections.field.key")}</dt>
        <dd>{message(connection.dpopBound ? "connections.key.bound" : "connections.key.bearer")}</dd>
        <dt>{message("connections.field.tools")}</dt>
        <dd>
          {tools.length === 0 ? (
            message("connections.tools.none")
          ) : (
            <ul class="tools-left">
              {tools.map((tool) => (
                <li key={tool}>{tool}</li>
              ))}
            </ul>
          )}
        </dd>
        <dt>{message("connections.field.connected")}</dt>
        <dd>{formatTime(connection.createdAt)}</dd>
        <dt>{message("connections.field.lastUsed")}</dt>
        <dd>{connection.lastUsedAt === null ? message("connections.never") : formatTime(connection.lastUsedAt)}</dd>
      </dl>
      <Activity connection={connection} />
      {revoked ? null : (
        <p>
          <a class="button danger" href={PAGES.revokeConnection(connection.grantId)}>
            {richMessage("connections.revoke", { name: <Name>{connection.clientName}</Name> })}
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
    title: message("connections.title"),
    path: PAGE_PATHS.connections,
    children: (
      <>
        <h1>{message("connections.title")}</h1>
        <p>{message("connections.intro")}</p>
        {props.revoked === true ? (
          <Notice tone="good" role="status" title={message("connections.revoked.title")}>
            <p>{message("connections.revoked.body")}</p>
          </Notice>
        ) : null}
        <h2>{message("connections.yours")}</h2>
        {live.length === 0 ? (
          <EmptyState title={message("connections.empty.title")}>
            <p>{richMessage("connections.empty.body", { link: <a href={PAGE_PATHS.developers}>{message("layout.nav.developers")}</a> })}</p>
          </EmptyState>
        ) : (
          live.map((connection) => <Connection key={connection.grantId} connection={connection} />)
        )}
        {ended.length === 0 ? null : (
          <>
            <h2>{message("connections.ended.title")}</h2>
            <p>{message("connections.ended.body", { days: REVOKED_CONNECTIONS_KEPT_DAYS })}</p>
            {ended.map((connection) => (
              <Connection key={connection.grantId} connection={connection} />
            ))}
          </>
        )}
        <h2>{message(consumer ? "connections.drafts.consumer" : "connections.drafts.desk")}</h2>
        <Notice title={message("connections.drafts.onlyDrafts")}>
          <p>{message("drafts.statusNotice")}</p>
        </Notice>
        {/* Each draft is listed once: the owner's open drafts are on the Desk's list, their own list keeps the decided ones. */}
        {props.desk === undefined ? null : <DeskDrafts desk={props.desk} cursor={cursor} viewerUserId={session.user.userId} />}
        {props.desk === undefined ? null : <h3>Decided drafts your agents saved</h3>}
        <DraftList
          caption={
            consumer
              ? message("connections.drafts.consumerCaption")
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
              ? message("connections.drafts.consumerEmpty")
              : props.desk === undefined
                ? "When one of your agents saves a draft, it appears here for you to review. Nothing is sent until a person acts."
                : "Drafts you approve or discard move here from the list above."
          }
        />
      </>
    ),
  });
}
