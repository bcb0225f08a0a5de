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

// The one form parser (64 KiB, no NUL character), for the pages' forms and the authorization server's.
export { formBody, readFormBody } from "./http/form-body.js";

// The authorization server's pages, rendered here and served by @connector/auth.
export { signInPage, signedOutPage, type SignInPageInput } from "./views/oauth/signin-page.js";
export { consentPage, type ConsentForms } from "./views/oauth/consent-page.js";
export { wrongAccountPage } from "./views/oauth/wrong-account-page.js";
export { errorPage } from "./views/oauth/error-page.js";
export type { ConsentRequest } from "./views/oauth/consent-request.js";
