import type { PageSession } from "../../sessions/page-session.js";
import { CodeBlock, CsrfForm, EmptyState, Field, isolatedName, Name, Notice, StatusBadge, Table } from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import type { DeskKeyListing } from "@connector/core/ports";
import { formatTime } from "../shared/format.js";

export interface AgentDoorProps {
  /** Undefined when the person is not the Desk's owner (only owners manage keys). */
  keys: DeskKeyListing[] | undefined;
  /** A key just minted: shown this once. */
  minted?: { key: string; name: string } | undefined;
  revoked?: boolean;
}

/** The Agent door (spec §5.2): desk keys for agents that use /api/v1, minted and revoked by the owner. */
export function AgentDoor({ session, props }: { session: PageSession; props: AgentDoorProps }) {
  return (
    <section aria-labelledby="agent-door">
      <h2 id="agent-door">Agent door: desk keys</h2>
      <p>
        A desk key lets a program of yours place accounts and read workflow runs through <code>/api/v1</code>, as{" "}
        <code>Authorization: Bearer service_live_…</code>. It acts for this Desk only. Revoke it and it is refused at once.
      </p>
      {props.minted === undefined ? null : (
        <Notice tone="warn" role="status" title={`Your new key “${isolatedName(props.minted.name)}”: copy it now`}>
          <p>This is the only time the key is shown. The service keeps only a fingerprint of it.</p>
          <CodeBlock id="new-key" text={props.minted.key} copyLabel="Copy key" />
        </Notice>
      )}
      {props.revoked === true ? (
        <Notice tone="good" role="status">
          <p>Key revoked. Requests with it are refused from now on.</p>
        </Notice>
      ) : null}
      {props.keys === undefined ? (
        <p>Only the Desk's owner creates and revokes desk keys.</p>
      ) : (
        <>
          <CsrfForm action={PAGES.mintKey} token={session.csrfToken("mint-key")} class="card">
            <Field name="name" id="key-name" label="Key name" hint="Say which program uses it, e.g. “Nightly import”." required maxLength={80} />
            <button type="submit" class="button primary">Create a desk key</button>
          </CsrfForm>
          {props.keys.length === 0 ? (
            <EmptyState title="No desk keys yet">
              <p>Create one above when a program of yours needs to place accounts for this Desk.</p>
            </EmptyState>
          ) : (
            <Table
              caption="This Desk's keys"
              columns={[{ label: "Name" }, { label: "Created" }, { label: "Last used" }, { label: "Status" }]}
              rowKeys={props.keys.map((key) => key.keyId)}
              rows={props.keys.map((key) => [
                <Name>{key.name}</Name>,
                formatTime(key.createdAt),
                formatTime(key.lastUsedAt),
                key.revokedAt === null ? (
                  <>
                    <StatusBadge tone="good">Live</StatusBadge>{" "}
                    <a class="button danger" href={PAGES.revokeKey(key.keyId)} aria-label={`Revoke ${isolatedName(key.name)}…`}>
                      Revoke…
                    </a>
                  </>
                ) : (
                  // The time beside the badge, not in it: a badge does not wrap, and a phone is narrow.
                  <>
                    <StatusBadge tone="neutral">Revoked</StatusBadge> {formatTime(key.revokedAt)}
                  </>
                ),
              ])}
            />
          )}
        </>
      )}
    </section>
  );
}
