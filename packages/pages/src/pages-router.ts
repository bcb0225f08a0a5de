import { Router } from "express";
import { pageHandlers } from "./http/page-handler.js";
import type { PagesOptions } from "./pages-options.js";
import { agencyRoutes } from "./routes/agency-routes.js";
import { connectionsRoutes } from "./routes/connections-routes.js";
import { draftRoutes } from "./routes/draft-routes.js";
import { inviteRoutes } from "./routes/invite-routes.js";
import { placeRoutes } from "./routes/place-routes.js";
import { resolveRoutes } from "./routes/resolve-routes.js";

/**
 * The people's pages as one Express router (mounted at the root): Connections and drafts, draft
 * review, the place screen with the Agent door, the invite page and the Resolve doors. Each route
 * reads the signed-in session, checks the form's CSRF token and calls a back-office operation.
 */
export function createPagesRouter(options: PagesOptions): Router {
  const pages = pageHandlers(options);
  const router = Router();
  router.use(connectionsRoutes(options, pages));
  router.use(draftRoutes(options, pages));
  router.use(placeRoutes(options, pages));
  router.use(agencyRoutes(options, pages));
  router.use(inviteRoutes(options, pages));
  router.use(resolveRoutes(options, pages));
  return router;
}
