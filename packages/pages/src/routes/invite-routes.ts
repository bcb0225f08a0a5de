import { isServiceError } from "@connector/core";
import { peekAgencyInvite, redeemAgencyInvite } from "@connector/core/agency";
import { isSignedInDeskPerson } from "@connector/core/back-office";
import { Router } from "express";
import type { PageHandlers, PageOutcome } from "../http/page-handler.js";
import { PAGES } from "../page-paths.js";
import type { PagesOptions } from "../pages-options.js";
import { renderInvalidInvitePage, renderInviteAcceptedPage, renderInvitePage } from "../views/desk/invite-page.js";

/** Any refusal of an invite (bad shape, expired, revoked, used, unknown) is the one page, 404. */
const FAILS_CLOSED = new Set(["invalid_invite", "invalid_input"]);

/** `/invite/:token`: the link an agency sends; a signed-in desk accepts it here. */
export function inviteRoutes(options: PagesOptions, pages: PageHandlers): Router {
  const router = Router();
  const deps = options.backOffice;

  router.get(
    "/invite/:token",
    pages.open(async (req, session): Promise<PageOutcome> => {
      const token = String(req.params.token);
      try {
        const { invite } = await peekAgencyInvite(deps, { token });
        const visitor = session === undefined ? "signed_out" : isSignedInDeskPerson(session.actor) ? "desk" : "not_a_desk";
        return { html: renderInvitePage(session, { token, invite, visitor, signInUrl: options.sessions.signInUrl(PAGES.invite(token)) }) };
      } catch (error) {
        if (isServiceError(error) && FAILS_CLOSED.has(error.code)) return { status: 404, html: renderInvalidInvitePage(session) };
        throw error;
      }
    }),
  );

  router.post(
    "/invite/:token/accept",
    pages.form(
      "accept-invite",
      (req) => PAGES.invite(String(req.params.token)),
      async ({ req, session, actor }): Promise<PageOutcome> => {
        try {
          const { membership, alreadyMember } = await redeemAgencyInvite(deps, actor, { token: String(req.params.token) });
          return { html: renderInviteAcceptedPage(session, membership.agencyName, alreadyMember) };
        } catch (error) {
          if (isServiceError(error) && FAILS_CLOSED.has(error.code)) return { status: 404, html: renderInvalidInvitePage(session) };
          throw error;
        }
      },
    ),
  );
  return router;
}
