import { isServiceError } from "@connector/core";
import {
  isAgencyDesk,
  listAgencyClients,
  listAgencyInvites,
  mintAgencyInvite,
  revokeAgencyInvite,
} from "@connector/core/agency";
import { message } from "@connector/ui";
import { Router } from "express";
import type { PageHandlers, PageOutcome, PageRequest } from "../http/page-handler.js";
import { validatePathIds } from "../http/path-ids.js";
import { PAGES } from "../page-paths.js";
import type { PagesOptions } from "../pages-options.js";
import { type AgencyPageProps, renderAgencyPage, renderRevokeInviteConfirmPage } from "../views/desk/agency-page.js";
import { renderMessagePage } from "../views/shared/message-page.js";
import { renderDeskOnlyPage } from "../views/shared/access-pages.js";
import { shownOnceCookie } from "../http/shown-once.js";

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** `/desk/agency`: an agency Desk's invitation links and client desks, over the same operations as `/api/v1/agency`. */
export function agencyRoutes(options: PagesOptions, pages: PageHandlers): Router {
  const router = Router();
  validatePathIds(router, options.sessions);
  const deps = options.backOffice;

  /** Only an agency Desk invites clients: anyone else gets one clear page saying so (a consumer, that it is for companies). */
  async function forAgencies(page: PageRequest, then: () => Promise<PageOutcome>): Promise<PageOutcome> {
    if (await isAgencyDesk(deps, page.actor)) return then();
    if (page.actor.kind !== "desk") return { status: 403, html: renderDeskOnlyPage(page.session) };
    return {
      status: 403,
      html: renderMessagePage(page.session, {
        title: message("access.agencyOnly.title"),
        status: message("access.agencyOnly.status"),
        next: { href: PAGES.place, label: message("access.agencyOnly.next") },
      }),
    };
  }

  async function agencyPage(page: PageRequest, extra: Omit<AgencyPageProps, "invites" | "clients"> = {}, status = 200): Promise<PageOutcome> {
    const [{ invites }, { clients }] = await Promise.all([listAgencyInvites(deps, page.actor), listAgencyClients(deps, page.actor)]);
    return { status, html: renderAgencyPage(page.session, { invites, clients, ...extra }) };
  }

  // A new invitation's link crosses its form's redirect in a cookie read once (./shown-once.ts).
  const newLink = shownOnceCookie("invite_link_once", PAGES.agency, options.baseUrl.startsWith("https:"));

  router.get(
    PAGES.agency,
    pages.view((page) =>
      forAgencies(page, () => {
        const created = typeof page.req.query.created === "string" ? page.req.query.created : undefined;
        const url = created === undefined ? undefined : newLink.take(page.req, page.res, created);
        return agencyPage(page, {
          revoked: page.req.query.done === "revoked",
          ...(created === undefined ? {} : { created: { inviteId: created, url } }),
        });
      }),
    ),
  );

  router.post(
    PAGES.mintInvite,
    pages.form("mint-invite", () => PAGES.agency, (page) =>
      forAgencies(page, async () => {
        const body = page.req.body as Record<string, unknown>;
        const label = text(body.label).trim();
        const days = text(body.expiresInDays).trim();
        const input = { ...(label === "" ? {} : { label }), ...(days === "" ? {} : { expiresInDays: Number(days) }) };
        try {
          const { url, invite } = await mintAgencyInvite(deps, page.actor, input, { baseUrl: options.baseUrl });
          // POST-redirect-GET: a reload shows the page again, never mints a second link (issue 39 item 4).
          newLink.set(page.res, { id: invite.inviteId, secret: url });
          return { redirect: `${PAGES.agency}?${new URLSearchParams({ created: invite.inviteId })}` };
        } catch (error) {
          if (!isServiceError(error) || error.status >= 500) throw error;
          const field = [error.field, ...(error.details ?? []).map((detail) => detail.field)].find((name) => name !== undefined);
          const errors =
            field === "label"
              ? { label: "Write at most 120 characters, or leave the note empty." }
              : { days: "Enter a whole number of days from 1 to 30, or leave it empty for 7." };
          return agencyPage(page, { form: { values: { label, days }, errors } }, error.status);
        }
      }),
    ),
  );

  // The confirmation step before an invitation is revoked (works without JavaScript).
  router.get(
    "/desk/agency/invites/:inviteId/revoke",
    pages.view((page) =>
      forAgencies(page, async () => {
        const { invites } = await listAgencyInvites(deps, page.actor);
        const invite = invites.find((one) => one.inviteId === String(page.req.params.inviteId) && one.status === "live");
        if (invite === undefined) {
          return {
            status: 404,
            html: renderMessagePage(page.session, {
              title: "Invitation not found",
              status: "There is no live invitation of yours at this address. It may have been revoked, used or expired already.",
              next: { href: PAGES.agency, label: "Back to your invitations" },
            }),
          };
        }
        return { html: renderRevokeInviteConfirmPage(page.session, invite) };
      }),
    ),
  );
  router.post(
    "/desk/agency/invites/:inviteId/revoke",
    pages.form("revoke-invite", () => PAGES.agency, (page) =>
      forAgencies(page, async () => {
        await revokeAgencyInvite(deps, page.actor, String(page.req.params.inviteId));
        return { redirect: `${PAGES.agency}?done=revoked` };
      }),
    ),
  );
  return router;
}
