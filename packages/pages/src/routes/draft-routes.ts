import {
  acceptDeskAgreement,
  approvePlacementDraft,
  type BackOfficeActor,
  getDeskAgreementStatus,
  getDraftDetail,
  isServiceError,
  isSignedInOwner,
  reviewDraft,
} from "@connector/core";
import { Router } from "express";
import type { PageHandlers, PageOutcome, PageRequest } from "../http/page-handler.js";
import { PAGES } from "../page-paths.js";
import type { PagesOptions } from "../pages-options.js";
import { type DraftDone, renderDraftPage } from "../views/draft-page.js";
import { renderMessagePage } from "../views/message-page.js";

const DONE = new Set<string>(["reviewed", "discarded", "approved", "accepted"]);

/** `/drafts/:draftId`: review, discard, and for a Desk owner the agreement and approval. */
export function draftRoutes(options: PagesOptions, pages: PageHandlers): Router {
  const router = Router();
  const deps = options.backOffice;
  const draftIdOf = (page: PageRequest) => String(page.req.params.draftId);
  const back = (req: PageRequest["req"]) => PAGES.draft(String(req.params.draftId));

  /** An unknown draft, or one of somebody else: said in the page's words, not the agent-facing ones. */
  const draftNotFound = (page: PageRequest): PageOutcome => ({
    status: 404,
    html: renderMessagePage(page.session, {
      title: "This draft is not available",
      status: "There is no draft at this address that you can see. It may be another person's, or the link may be wrong.",
      next: { href: PAGES.connections, label: "See your drafts" },
    }),
  });

  /** The draft page as it stands now, with a confirmation or a refusal. */
  async function draftPage(page: PageRequest, extra: { done?: DraftDone; error?: string; status?: number }): Promise<PageOutcome> {
    const { session, actor } = page;
    let detail: Awaited<ReturnType<typeof getDraftDetail>>;
    try {
      detail = await getDraftDetail(deps, actor, draftIdOf(page));
    } catch (error) {
      if (isServiceError(error) && error.code === "not_found") return draftNotFound(page);
      throw error;
    }
    const agreement = detail.draft.kind === "placement" ? await getDeskAgreementStatus(deps, actor) : undefined;
    const owner = isSignedInOwner(actor);
    const html = renderDraftPage(session, { detail, agreement, owner, done: extra.done, error: extra.error });
    return { html, status: extra.status ?? 200 };
  }

  /** Runs an act; a refusal the domain explains (4xx) is shown on the draft page itself. */
  const act = (done: DraftDone, run: (actor: BackOfficeActor, draftId: string, page: PageRequest) => Promise<unknown>) =>
    async (page: PageRequest): Promise<PageOutcome> => {
      try {
        await run(page.actor, draftIdOf(page), page);
      } catch (error) {
        if (isServiceError(error) && error.code === "not_found") return draftNotFound(page);
        if (isServiceError(error) && error.status < 500) return draftPage(page, { error: error.message, status: error.status });
        throw error;
      }
      return { redirect: `${PAGES.draft(draftIdOf(page))}?done=${done}` };
    };

  router.get(
    "/drafts/:draftId",
    pages.view((page) => {
      const done = typeof page.req.query.done === "string" && DONE.has(page.req.query.done) ? (page.req.query.done as DraftDone) : undefined;
      return draftPage(page, done === undefined ? {} : { done });
    }),
  );
  router.post(
    "/drafts/:draftId/review",
    pages.form("review-draft", back, act("reviewed", (actor, id) => reviewDraft(deps, actor, id, "reviewed"))),
  );
  router.post(
    "/drafts/:draftId/discard",
    pages.form("discard-draft", back, act("discarded", (actor, id) => reviewDraft(deps, actor, id, "discarded"))),
  );
  router.post("/drafts/:draftId/approve", pages.form("approve-draft", back, act("approved", (actor, id) => approvePlacementDraft(deps, actor, id))));
  router.post(
    "/drafts/:draftId/accept-agreement",
    pages.form(
      "accept-agreement",
      back,
      act("accepted", (actor, _id, page) => {
        const version = (page.req.body as Record<string, unknown>).version;
        return acceptDeskAgreement(deps, actor, { version: typeof version === "string" ? version : "" });
      }),
    ),
  );
  return router;
}
