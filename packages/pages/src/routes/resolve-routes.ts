import { randomBytes } from "node:crypto";
import { isServiceError } from "@connector/core";
import { listMyDrafts } from "@connector/core/drafts";
import { createRequestDraftByForm, findExpiredOffer, getApprovedOffer, listApprovedOffers, listRecentlyExpiredOffers } from "@connector/core/resolve";
import { type Request, Router } from "express";
import type { PageHandlers, PageOutcome, PageRequest } from "../http/page-handler.js";
import { validatePathIds } from "../http/path-ids.js";
import { PAGES } from "../page-paths.js";
import type { PagesOptions } from "../pages-options.js";
import { renderResolveOnlyPage } from "../views/shared/access-pages.js";
import { renderExpiredOfferPage, renderOfferPage, renderOfferUnavailablePage } from "../views/resolve/offer-page.js";
import { renderResolvePage, type ResolvePageProps } from "../views/resolve/resolve-page.js";
import { refusedRequestForm } from "../views/resolve/request-form-words.js";

const FORM_FIELDS = ["kind", "recipient", "reference", "channel", "idempotencyKey"] as const;

/** A fresh idempotency key for each form shown (16..100 of [A-Za-z0-9_-]). */
const newFormKey = () => `form_${randomBytes(18).toString("base64url")}`;

/** What the form sent, as the tool takes it: empty optional fields are left out. */
function requestInput(req: Request): Record<string, string> {
  const body = req.body as Record<string, unknown>;
  const input: Record<string, string> = {};
  for (const field of FORM_FIELDS) {
    const value = body[field];
    if (typeof value === "string" && value.trim() !== "") input[field] = value;
  }
  return input;
}

/** `/resolve`: the consumer's doors. Desk staff get one clear page saying it is for consumers. */
export function resolveRoutes(options: PagesOptions, pages: PageHandlers): Router {
  const router = Router();
  validatePathIds(router, options.sessions);
  const deps = options.backOffice;

  function forConsumers(page: PageRequest, then: () => Promise<PageOutcome>): Promise<PageOutcome> {
    if (page.actor.kind === "consumer") return then();
    return Promise.resolve({ status: 403, html: renderResolveOnlyPage(page.session) });
  }

  async function resolvePage(page: PageRequest, form?: ResolvePageProps["form"], status = 200): Promise<PageOutcome> {
    const cursor = typeof page.req.query.cursor === "string" && page.req.query.cursor !== "" ? page.req.query.cursor : undefined;
    const [drafts, { offers }, expired] = await Promise.all([
      listMyDrafts(deps, page.actor, { cursor }),
      listApprovedOffers(deps, page.actor),
      listRecentlyExpiredOffers(deps, page.actor),
    ]);
    const idempotencyKey = form?.values.idempotencyKey ?? newFormKey();
    return { status, html: renderResolvePage(page.session, { drafts, cursor, offers, expiredOffers: expired.offers, idempotencyKey, form }) };
  }

  router.get(PAGES.resolve, pages.view((page) => forConsumers(page, () => resolvePage(page))));

  router.post(
    PAGES.requestDrafts,
    pages.form("create-request-draft", () => PAGES.resolve, (page) =>
      forConsumers(page, async () => {
        const input = requestInput(page.req);
        try {
          const { draft } = await createRequestDraftByForm(deps, page.actor, input);
          return { redirect: PAGES.draft(draft.draftId) };
        } catch (error) {
          if (!isServiceError(error) || error.status >= 500) throw error;
          // Shown again with what was typed, less what must not be shown again: a refused value may be
          // personal data (an SSN typed as the reference), and the page never echoes it. A conflict gets a new key.
          const { problem, values } = refusedRequestForm(error, input);
          if (error.code === "idempotency_conflict") values.idempotencyKey = newFormKey();
          return resolvePage(page, { problem, values }, error.status);
        }
      }),
    ),
  );

  router.get(
    "/resolve/offers/:offerId",
    pages.view((page) =>
      forConsumers(page, async () => {
        try {
          const { offer } = await getApprovedOffer(deps, page.actor, String(page.req.params.offerId));
          return { html: renderOfferPage(page.session, offer) };
        } catch (error) {
          if (!isServiceError(error) || error.code !== "not_found") throw error;
          // Past its deadline: 410 with a page that says so; anything else, the one 404 the API gives too.
          const expired = await findExpiredOffer(deps, page.actor, String(page.req.params.offerId));
          if (expired !== undefined) return { status: 410, html: renderExpiredOfferPage(page.session, expired) };
          return { status: 404, html: renderOfferUnavailablePage(page.session) };
        }
      }),
    ),
  );
  return router;
}
