export { siteRoutes, type SiteOptions } from "./site-routes.js";
export { isPageRequest, notFoundPageFallback } from "./browser-fallbacks.js";
export { notFoundPage, serverErrorPage } from "./pages/status-pages.js";
export { connectionFacts, type ConnectionFacts } from "./connection-facts.js";
