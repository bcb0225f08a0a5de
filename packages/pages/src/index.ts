export { createPagesRouter } from "./pages-router.js";
export type { ConnectionOperations, DeskKeyListing, DeskKeyOperations, PagesOptions } from "./pages-options.js";
export { PAGES } from "./page-paths.js";
