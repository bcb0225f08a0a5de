import { isServiceError } from "@connector/core";
import { findOwnRedeemedInvite, peekAgencyInvite, redeemAgencyInvite } from "@connector/core/agency";
import { isSignedInDeskPerson } from "@connector/core/back-office";
import { Router } from "express";
import type { PageHandlers, PageOutcome } from "../http/page-handler.js";
import { PAGES } from "../page-paths.js";
import type { PagesOptions } from "../pages-options.js";
import type { PageSession } from "../sessions/page-session.js";
import { type InvitePageProps, renderInvalidInvitePage, renderInviteAcceptedPage, renderInviteForConsumerPage, renderInvitePage } from "../views/desk/invite-page.js";

/** Any refusal of an invite (bad shape, expired, revoked, used, unknown) is the one page, 404. */
const FAILS_CLOSED = new Set(["invalid_invite", "invalid_input"]);

function visitorOf(session: PageSession | undefined): InvitePageProps["visitor"] | "consumer" {
  if (session === undefined) return "signed_out";
  if (isSignedInDeskPerson(session.actor)) return "desk";
  return session.actor?.kind === "consumer" ? "consumer" : "not_a_desk";
}

/**
 * `/invite/:token`: the link an agency sends; a signed-in desk accepts it here. Accepting answers
 * with a redirect back to the link (POST-redirect-GET), and the link opened again by the desk that
 * accepted it says it joined: Back and reload never say "cannot be used" about an invitation used well.
 */
export function inviteRoutes(options: PagesOptions, pages: PageHandlers): Router {
  const router = Router();
  const deps = options.backOffice;

  router.get(
    "/invite/:token",
    pages.open(async (req, session): Promise<PageOutcome> => {
      const token = String(req.params.token);
      const visitor = visitorOf(session);
      // A consumer is told it is for a company, whatever the link's state (which no page tells apart).
      if (visitor === "consumer" && session !== undefined) return { html: renderInviteForConsumerPage(session) };
      try {
        const { invite } = await peekAgencyInvite(deps, { token });
        const signInUrl = options.sessions.signInUrl(PAGES.invite(token));
        return { html: renderInvitePage(session, { token, invite, visitor: visitor === "consumer" ? "not_a_desk" : visitor, signInUrl }) };
      } catch (error) {
        if (!isServiceError(error) || !FAILS_CLOSED.has(error.code)) throw error;
        // A token that is not one's shape (invalid_input) was never redeemed by anyone: nothing to look up.
        const own =
          session?.actor === undefined || error.code === "invalid_input" ? undefined : await findOwnRedeemedInvite(deps, session.actor, { token });
        if (own !== undefined && session !== undefined) return { html: renderInviteAcceptedPage(session, own, req.query.done !== "joined") };
        return { status: 404, html: renderInvalidInvitePage(session) };
      }
    }),
  );

  router.post(
    "/invite/:token/accept",
    pages.form(
      "accept-invite",
      (req) => PAGES.invite(String(req.params.token)),
      async ({ req, session, actor }): Promise<PageOutcome> => {
        const token = String(req.params.token);
        try {
          const { alreadyMember } = await redeemAgencyInvite(deps, actor, { token });
          return { redirect: `${PAGES.invite(token)}${alreadyMember ? "" : "?done=joined"}` };
        } catch (error) {
          if (isServiceError(error) && FAILS_CLOSED.has(error.code)) return { status: 404, html: renderInvalidInvitePage(session) };
          throw error;
        }
      },
    ),
  );
  return router;
}
