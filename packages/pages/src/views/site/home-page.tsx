import { CodeBlock, CopyButton, Name, PAGE_PATHS, renderPage, SERVICE_NAME, type SignedInPerson } from "@connector/ui";
import type { ConnectionFacts } from "./connection-facts.js";

/** Where a signed-in person can go: every person has Connections; desk staff place accounts; consumers have Resolve. */
function YourPages({ person }: { person: SignedInPerson }) {
  return (
    <section class="card" aria-labelledby="your-pages">
      <h2 id="your-pages">
        Welcome, <Name>{person.displayName}</Name>
      </h2>
      <ul>
        <li>
          <a href={PAGE_PATHS.connections}>Connections and drafts</a>: the agents you connected, what they did, and the
          drafts saved for you to review. You can end a connection there at any time.
        </li>
        {person.deskMember ? (
          <li>
            <a href={PAGE_PATHS.place}>Place accounts</a>: place accounts by form or CSV, and mint desk keys for your
            own agents.
          </li>
        ) : null}
        {person.consumer ? (
          <li>
            <a href={PAGE_PATHS.resolve}>Resolve</a>: the guide, your request drafts, and offers a creditor has already
            approved.
          </li>
        ) : null}
      </ul>
    </section>
  );
}

function SignInCard() {
  return (
    <section class="card" aria-labelledby="sign-in">
      <h2 id="sign-in">Review what your agent prepared</h2>
      <p>Sign in to see your connections and the drafts agents saved for you.</p>
      <p>
        <a class="button primary" href={PAGE_PATHS.signIn}>
          Sign in
        </a>
      </p>
    </section>
  );
}

/** Where the sign-in page's "no account, or forgot your password?" link lands. */
export const WAY_IN_ANCHOR = "getting-an-account";

/**
 * A way in for someone with no sign-in (issue 39 item 3). Accounts are set up by the organisation
 * that runs the service (its operators' `create-user`), and the service sends no messages, so it
 * cannot mail a reset link: the page says whom to ask, for each kind of person.
 */
function WayIn() {
  return (
    <section class="card" aria-labelledby={WAY_IN_ANCHOR}>
      <h2 id={WAY_IN_ANCHOR}>Getting an account, or back in</h2>
      <h3>If you are reviewing debt-collection contact (Resolve)</h3>
      <p>
        You cannot sign up here. A Resolve account is set up for you by the organisation that runs this service, for example
        when a creditor or agency you deal with offers it. Ask whoever gave you this address. Resolve is free.
      </p>
      <h3>If you work for a creditor, debt buyer or agency (Desk)</h3>
      <p>
        Your Desk's owner asks the organisation that runs this service to add you. A Desk itself is set up by that
        organisation too. An agency's invitation link joins two Desks; it does not give anyone a sign-in.
      </p>
      <h3>If you forgot your password</h3>
      <p>
        This service sends no emails or text messages, so it cannot send you a reset link, and nobody here will ask you for
        your password. Ask the people who set up your account to set up your sign-in again: your Desk's owner if you are a
        member of a Desk, otherwise the organisation that runs this service. Drafts belong to your Desk, or to you as a
        consumer, and stay where they are.
      </p>
    </section>
  );
}

/** A consumer's way to connect their own assistant: the Resolve address only, in plain words. */
function ConnectAssistant({ facts }: { facts: ConnectionFacts }) {
  return (
    <section class="card" aria-labelledby="connect-assistant">
      <h2 id="connect-assistant">Connect your AI assistant</h2>
      <p>
        If your assistant can connect to services, add this address in its settings. It brings you here to sign in and
        choose what it may do; you can end the connection at any time on <a href={PAGE_PATHS.connections}>Connections and drafts</a>.
      </p>
      <p>
        <code id="resolve-address">{facts.mcp.resolve}</code>
      </p>
      <CopyButton target="resolve-address" label="Copy the address" />
    </section>
  );
}

function Facts({ facts }: { facts: ConnectionFacts }) {
  const rows: [string, string, string][] = [
    ["MCP, Desk", facts.mcp.desk, "fact-mcp-desk"],
    ["MCP, Resolve", facts.mcp.resolve, "fact-mcp-resolve"],
    ["REST base", facts.restBase, "fact-rest"],
    ["OAuth discovery", facts.authorizationServerMetadata, "fact-oauth"],
  ];
  return (
    <section aria-labelledby="developers">
      <h2 id="developers">For developers</h2>
      <p>
        Agents connect over MCP (Streamable HTTP) or REST, behind this service's OAuth 2.0 authorization server (dynamic
        registration, PKCE S256). Read the <a href={PAGE_PATHS.developers}>developer guide</a> or the{" "}
        <a href={PAGE_PATHS.apiReference}>API reference</a>.
      </p>
      <dl class="details">
        {rows.flatMap(([label, url, id]) => [
          <dt key={`${id}-label`}>{label}</dt>,
          <dd key={id}>
            <code id={id}>{url}</code>
          </dd>,
        ])}
        <dt>OpenAPI</dt>
        <dd>
          <a href={facts.openApi.combined}>both workspaces</a>, <a href={facts.openApi.desk}>Desk</a>,{" "}
          <a href={facts.openApi.resolve}>Resolve</a>, <a href={facts.openApi.legacy}>legacy /api/v1</a>
        </dd>
      </dl>
      <h3>An MCP client configuration</h3>
      <CodeBlock
        id="mcp-config"
        copyLabel="Copy MCP configuration"
        text={JSON.stringify({ mcpServers: { "connector-desk": { type: "http", url: facts.mcp.desk } } }, null, 2)}
      />
    </section>
  );
}

/**
 * The front door (`/`): what the service is and is not, sign-in or the signed-in person's pages.
 * Each kind of person sees what is theirs: visitors and desk staff the developer facts (the MCP
 * configuration is a Desk one); a consumer their own pages and how to connect an assistant to Resolve.
 */
export function homePage(facts: ConnectionFacts, person: SignedInPerson | undefined): string {
  const consumerOnly = person?.consumer === true && !person.deskMember;
  return renderPage({
    title: "Home",
    path: PAGE_PATHS.home,
    person,
    children: (
      <>
        <h1>{SERVICE_NAME}: your agent prepares, you decide</h1>
        <p class="lead">
          {SERVICE_NAME} lets an AI agent work for you in one of two workspaces, with only the permissions you give it.
          Whatever it prepares waits here for you as a draft.
        </p>
        {person === undefined ? <SignInCard /> : <YourPages person={person} />}
        {person === undefined ? <WayIn /> : null}
        {consumerOnly ? <ConnectAssistant facts={facts} /> : null}
        <div class="grid">
          {consumerOnly ? null : (
            <section class="card" aria-labelledby="desk">
              <h2 id="desk">Desk</h2>
              <p>
                For creditors, debt buyers and agencies. Agents list your placed accounts, read case status and payment
                records, and save placement drafts. A draft becomes live accounts only when the Desk owner approves it.
              </p>
            </section>
          )}
          <section class="card" aria-labelledby="resolve">
            <h2 id="resolve">Resolve</h2>
            <p>
              For people reviewing debt-collection contact. Agents read a neutral guide, save request drafts, and show
              offers a creditor has already approved, word for word. Resolve is free for consumers.
            </p>
          </section>
        </div>
        <section class="notice" aria-labelledby="never">
          <h2 id="never" class="notice-title">What {SERVICE_NAME} never does</h2>
          <ul>
            <li>It never sends messages or letters for you.</li>
            <li>It never moves money or takes payments.</li>
            <li>It never accepts a settlement, and never proposes, negotiates or changes an offer.</li>
            <li>It never decides whether a debt is valid and gives no legal advice.</li>
          </ul>
          <p>A saved draft is not sent. "Reviewed" means a person looked at it, not that it was sent or accepted.</p>
        </section>
        {consumerOnly ? null : <Facts facts={facts} />}
      </>
    ),
  });
}
