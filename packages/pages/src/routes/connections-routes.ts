import type { PageSession } from "../sessions/page-session.js";
import { isSignedInOwner } from "@connector/core/back-office";
import { listDeskDraftsAwaitingDecision, listMyDrafts } from "@connector/core/drafts";
import { Router } from "express";
import type { PageHandlers, PageOutcome } from "../http/page-handler.js";
import { validatePathIds } from "../http/path-ids.js";
import { PAGES } from "../page-paths.js";
import type { PagesOptions } from "../pages-options.js";
import { renderRevokeConnectionConfirmPage } from "../views/shared/confirm-pages.js";
import { renderConnectionsPage } from "../views/connections/connections-page.js";
import { message } from "@connector/ui";
import { renderMessagePage } from "../views/shared/message-page.js";

const queryText = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

const connectionNotFound = (session: PageSession): PageOutcome => ({
  status: 404,
  html: renderMessagePage(session, { title: message("connections.notFound.title"), status: message("connections.notFound.status") }),
});

/** `/connections`: list, trail and revoke; the person's connections' drafts, a page at a time. */
export function connectionsRoutes(options: PagesOptions, pages: PageHandlers): Router {
  const router = Router();
  validatePathIds(router, options.sessions);
  router.get(
    PAGES.connections,
    pages.view(async ({ req, session, actor }) => {
      const cursor = queryText(req.query.cursor);
      const deskCursor = queryText(req.query.desk);
      const owner = isSignedInOwner(actor);
      const [connections, drafts, deskDrafts] = await Promise.all([
        options.connections.list(session.user.userId),
        // The owner's own open drafts are on the Desk's list below; their list keeps the decided ones.
        listMyDrafts(options.backOffice, actor, { cursor, closedOnly: owner }),
        // The owner alone approves, so the owner sees every open draft of the Desk, members' agents' too.
        owner ? listDeskDraftsAwaitingDecision(options.backOffice, actor, { cursor: deskCursor }) : undefined,
      ]);
      const revoked = req.query.done === "revoked";
      const desk = deskDrafts === undefined ? undefined : { drafts: deskDrafts, cursor: deskCursor };
      return { html: renderConnectionsPage(session, { connections, drafts, cursor, desk, revoked }) };
    }),
  );
  // The confirmation step before the revocation (works without JavaScript).
  router.get(
    "/connections/:grantId/revoke",
    pages.view(async ({ req, session }) => {
      const grantId = String(req.params.grantId);
      const connection = (await options.connections.list(session.user.userId)).find((one) => one.grantId === grantId && one.revokedAt === null);
      if (connection === undefined) return connectionNotFound(session);
      return { html: renderRevokeConnectionConfirmPage(session, connection) };
    }),
  );
  router.post(
    "/connections/:grantId/revoke",
    pages.form("revoke-connection", () => PAGES.connections, async ({ req, session }) => {
      const revoked = await options.connections.revoke(session.user.userId, String(req.params.grantId));
      if (!revoked) return connectionNotFound(session);
      return { redirect: `${PAGES.connections}?done=revoked` };
    }),
  );
  return router;
}
