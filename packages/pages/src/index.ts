// The people's pages: signed-in screens (connections, drafts, place, invites, Resolve).
export { createPagesRouter } from "./pages-router.js";
export type { ConnectionOperations, PagesOptions } from "./pages-options.js";
export { PAGES } from "./page-paths.js";

// What the pages ask of sign-in, implemented by @connector/auth.
export type { PageSession, PageSessions, PageUser, UserConnection } from "./sessions/page-session.js";

// The public site: the front door, the developer guide, the API reference, the browser's 404 and 500 pages.
export { siteRoutes, type SiteOptions } from "./routes/site-routes.js";
export { isPageRequest, notFoundPageFallback } from "./http/browser-fallbacks.js";
export { notFoundPage, serverErrorPage } from "./views/site/status-pages.js";
export { connectionFacts, type ConnectionFacts } from "./views/site/connection-facts.js";

// The authorization server's pages, rendered here and bound by the host to @connector/auth's `PersonPages` port.
export { authPages } from "./views/oauth/auth-pages.js";
export { errorPage } from "./views/oauth/error-page.js";
