/** The front door's words (home page, 404 and 500 pages). */
export const SITE_EN = {
  "site.home.title": "Home",
  "site.home.heading": "{service}: your agent prepares, you decide",
  "site.home.lead":
    "{service} lets an AI agent work for you in one of two workspaces, with only the permissions you give it. Whatever it prepares waits here for you as a draft.",
  "site.home.welcome": "Welcome, {name}",
  "site.home.connectionsLink": "Connections and drafts",
  "site.home.yours.connections":
    "{link}: the agents you connected, what they did, and the drafts saved for you to review. You can end a connection there at any time.",
  "site.home.yours.place": "{link}: place accounts by form or CSV, and mint desk keys for your own agents.",
  "site.home.yours.resolve": "{link}: the guide, your request drafts, and offers a creditor has already approved.",
  "site.home.signIn.heading": "Review what your agent prepared",
  "site.home.signIn.text": "Sign in to see your connections and the drafts agents saved for you.",
  "site.home.wayIn.heading": "Getting an account, or back in",
  "site.home.wayIn.consumer.heading": "If you are reviewing debt-collection contact (Resolve)",
  "site.home.wayIn.consumer.text":
    "You cannot sign up here. A Resolve account is set up for you by the organisation that runs this service, for example when a creditor or agency you deal with offers it. Ask whoever gave you this address. Resolve is free.",
  "site.home.wayIn.desk.heading": "If you work for a creditor, debt buyer or agency (Desk)",
  "site.home.wayIn.desk.text":
    "Your Desk's owner asks the organisation that runs this service to add you. A Desk itself is set up by that organisation too. An agency's invitation link joins two Desks; it does not give anyone a sign-in.",
  "site.home.wayIn.password.heading": "If you forgot your password",
  "site.home.wayIn.password.text":
    "This service sends no emails or text messages, so it cannot send you a reset link, and nobody here will ask you for your password. Ask the organisation that runs this service to set a new password for you (if you are a member of a Desk, your Desk's owner can ask them for you); it signs you out everywhere, and your connected apps keep working. Drafts belong to your Desk, or to you as a consumer, and stay where they are.",
  "site.home.assistant.heading": "Connect your AI assistant",
  "site.home.assistant.text":
    "If your assistant can connect to services, add this address in its settings. It brings you here to sign in and choose what it may do; you can end the connection at any time on {link}.",
  "site.home.assistant.copy": "Copy the address",
  "site.home.desk.text":
    "For creditors, debt buyers and agencies. Agents list your placed accounts, read case status and payment records, and save placement drafts. A draft becomes live accounts only when the Desk owner approves it.",
  "site.home.resolve.text":
    "For people reviewing debt-collection contact. Agents read a neutral guide, save request drafts, and show offers a creditor has already approved, word for word. Resolve is free for consumers.",
  "site.home.never.heading": "What {service} never does",
  "site.home.never.send": "It never sends messages or letters for you.",
  "site.home.never.money": "It never moves money or takes payments.",
  "site.home.never.settle": "It never accepts a settlement, and never proposes, negotiates or changes an offer.",
  "site.home.never.advice": "It never decides whether a debt is valid and gives no legal advice.",
  "site.home.never.reviewed": "A saved draft is not sent. \"Reviewed\" means a person looked at it, not that it was sent or accepted.",
  "site.home.developers.heading": "For developers",
  "site.home.developers.text":
    "Agents connect over MCP (Streamable HTTP) or REST, behind this service's OAuth 2.0 authorization server (dynamic registration, PKCE S256). Read the {guide} or the {reference}.",
  "site.home.developers.guide": "developer guide",
  "site.home.developers.reference": "API reference",
  "site.home.developers.restBase": "REST base",
  "site.home.developers.discovery": "OAuth discovery",
  "site.home.developers.both": "both workspaces",
  "site.home.developers.legacy": "legacy /api/v1",
  "site.home.developers.config": "An MCP client configuration",
  "site.home.developers.copyConfig": "Copy MCP configuration",
  "site.notFound.title": "Page not found",
  "site.notFound.heading": "There is nothing at this address",
  "site.notFound.text": "The link may be mistyped, or the page may have moved.",
  "site.notFound.next": "Go to the {home}.",
  "site.notFound.nextSignedIn": "Go to the {home} or to your {connections}.",
  "site.notFound.home": "home page",
  "site.notFound.connections": "connections and drafts",
  "site.requestId": "Request id: {id}",
  "site.serverError.title": "Something went wrong",
  "site.serverError.heading": "Something went wrong on our side",
  "site.serverError.text": "Nothing you did caused this, and nothing was sent or saved by it. Try again in a moment.",
  "site.serverError.home": "Go to the home page",
  "site.serverError.requestId": "If it keeps happening, quote request id {id}.",
} as const;
