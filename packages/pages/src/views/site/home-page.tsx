import { CodeBlock, CopyButton, message, Name, PAGE_PATHS, renderPage, richMessage, SERVICE_NAME, type SignedInPerson } from "@connector/ui";
import type { ConnectionFacts } from "./connection-facts.js";

/** Where a signed-in person can go: every person has Connections; desk staff place accounts; consumers have Resolve. */
function YourPages({ person }: { person: SignedInPerson }) {
  return (
    <section class="card" aria-labelledby="your-pages">
      <h2 id="your-pages">{richMessage("site.home.welcome", { name: <Name>{person.displayName}</Name> })}</h2>
      <ul>
        <li>{richMessage("site.home.yours.connections", { link: <a href={PAGE_PATHS.connections}>{message("site.home.connectionsLink")}</a> })}</li>
        {person.deskMember ? (
          <li>{richMessage("site.home.yours.place", { link: <a href={PAGE_PATHS.place}>{message("layout.nav.place")}</a> })}</li>
        ) : null}
        {person.consumer ? <li>{richMessage("site.home.yours.resolve", { link: <a href={PAGE_PATHS.resolve}>Resolve</a> })}</li> : null}
      </ul>
    </section>
  );
}

function SignInCard() {
  return (
    <section class="card" aria-labelledby="sign-in">
      <h2 id="sign-in">{message("site.home.signIn.heading")}</h2>
      <p>{message("site.home.signIn.text")}</p>
      <p>
        <a class="button primary" href={PAGE_PATHS.signIn}>
          {message("layout.signIn")}
        </a>
      </p>
    </section>
  );
}

/** Who runs this deployment and how people reach them (the host's configuration). */
export interface Operator {
  name: string;
  /** An email address, a phone number or a web address, shown as given. */
  contact?: string | undefined;
}

/** Where the sign-in page's "no account, or forgot your password?" link lands. */
export const WAY_IN_ANCHOR = "getting-an-account";

/**
 * A way in for someone with no sign-in (issue 39 item 3). Accounts are set up by the organisation
 * that runs the service (its operators' `create-user`), and the service sends no messages, so it
 * cannot mail a reset link: the page says whom to ask, for each kind of person.
 */
function WayIn({ operator }: { operator: Operator | undefined }) {
  return (
    <section class="card" aria-labelledby={WAY_IN_ANCHOR}>
      <h2 id={WAY_IN_ANCHOR}>{message("site.home.wayIn.heading")}</h2>
      {/* Named, with how to reach them, so "ask the organisation that runs this service" can be acted on (issue 48 item 11). */}
      {operator === undefined ? null : (
        <p>
          {operator.contact === undefined
            ? richMessage("site.home.wayIn.operator", { operator: <Name>{operator.name}</Name> })
            : richMessage("site.home.wayIn.operatorContact", { operator: <Name>{operator.name}</Name>, contact: <Name>{operator.contact}</Name> })}
        </p>
      )}
      <h3>{message("site.home.wayIn.consumer.heading")}</h3>
      <p>{message("site.home.wayIn.consumer.text")}</p>
      <h3>{message("site.home.wayIn.desk.heading")}</h3>
      <p>{message("site.home.wayIn.desk.text")}</p>
      <h3>{message("site.home.wayIn.password.heading")}</h3>
      <p>{message("site.home.wayIn.password.text")}</p>
    </section>
  );
}

/** A consumer's way to connect their own assistant: the Resolve address only, in plain words. */
function ConnectAssistant({ facts }: { facts: ConnectionFacts }) {
  return (
    <section class="card" aria-labelledby="connect-assistant">
      <h2 id="connect-assistant">{message("site.home.assistant.heading")}</h2>
      <p>{richMessage("site.home.assistant.text", { link: <a href={PAGE_PATHS.connections}>{message("site.home.connectionsLink")}</a> })}</p>
      <p>
        <code id="resolve-address">{facts.mcp.resolve}</code>
      </p>
      <CopyButton target="resolve-address" label={message("site.home.assistant.copy")} />
    </section>
  );
}

function Facts({ facts }: { facts: ConnectionFacts }) {
  const rows: [string, string, string][] = [
    ["MCP, Desk", facts.mcp.desk, "fact-mcp-desk"],
    ["MCP, Resolve", facts.mcp.resolve, "fact-mcp-resolve"],
    [message("site.home.developers.restBase"), facts.restBase, "fact-rest"],
    [message("site.home.developers.discovery"), facts.authorizationServerMetadata, "fact-oauth"],
  ];
  return (
    <section aria-labelledby="developers">
      <h2 id="developers">{message("site.home.developers.heading")}</h2>
      <p>
        {richMessage("site.home.developers.text", {
          guide: <a href={PAGE_PATHS.developers}>{message("site.home.developers.guide")}</a>,
          reference: <a href={PAGE_PATHS.apiReference}>{message("site.home.developers.reference")}</a>,
        })}
      </p>
      <dl class="details">
        {rows.flatMap(([label, url, id]) => [
          <dt key={`${id}-label`}>
            {label}
          </dt>,
          <dd key={id}>
            <code id={id}>{url}</code>
          </dd>,
        ])}
        <dt>OpenAPI</dt>
        <dd>
          <a href={facts.openApi.combined}>{message("site.home.developers.both")}</a>, <a href={facts.openApi.desk}>Desk</a>,{" "}
          <a href={facts.openApi.resolve}>Resolve</a>, <a href={facts.openApi.legacy}>{message("site.home.developers.legacy")}</a>
        </dd>
      </dl>
      <h3>{message("site.home.developers.config")}</h3>
      <CodeBlock
        id="mcp-config"
        copyLabel={message("site.home.developers.copyConfig")}
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
export function homePage(facts: ConnectionFacts, person: SignedInPerson | undefined, operator?: Operator): string {
  const consumerOnly = person?.consumer === true && !person.deskMember;
  return renderPage({
    title: message("site.home.title"),
    path: PAGE_PATHS.home,
    person,
    children: (
      <>
        <h1>{message("site.home.heading", { service: SERVICE_NAME })}</h1>
        <p class="lead">{message("site.home.lead", { service: SERVICE_NAME })}</p>
        {person === undefined ? <SignInCard /> : <YourPages person={person} />}
        {person === undefined ? <WayIn operator={operator} /> : null}
        {consumerOnly ? <ConnectAssistant facts={facts} /> : null}
        <div class="grid">
          {consumerOnly ? null : (
            <section class="card" aria-labelledby="desk">
              <h2 id="desk">Desk</h2>
              <p>{message("site.home.desk.text")}</p>
            </section>
          )}
          <section class="card" aria-labelledby="resolve">
            <h2 id="resolve">Resolve</h2>
            <p>{message("site.home.resolve.text")}</p>
          </section>
        </div>
        <section class="notice" aria-labelledby="never">
          <h2 id="never" class="notice-title">
            {message("site.home.never.heading", { service: SERVICE_NAME })}
          </h2>
          <ul>
            <li>{message("site.home.never.send")}</li>
            <li>{message("site.home.never.money")}</li>
            <li>{message("site.home.never.settle")}</li>
            <li>{message("site.home.never.advice")}</li>
          </ul>
          <p>{message("site.home.never.reviewed")}</p>
        </section>
        {consumerOnly ? null : <Facts facts={facts} />}
      </>
    ),
  });
}
