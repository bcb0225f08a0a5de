import { isServiceError } from "@connector/core";
import { type BackOfficeActor, clockOf, isSignedInOwner } from "@connector/core/back-office";
import { getDeskAgreementStatus } from "@connector/core/desk-agreement";
import { approvePlacementDraft, getDraftCreator, getDraftForReview, reviewDraft } from "@connector/core/drafts";
import { asReader, CSRF_FIELD, type MessageKey, message } from "@connector/ui";
import { Router } from "express";
import { acceptAgreementForm } from "../http/accept-agreement.js";
import type { PageHandlers, PageOutcome, PageRequest } from "../http/page-handler.js";
import { validatePathIds } from "../http/path-ids.js";
import { PAGES } from "../page-paths.js";
import type { PagesOptions } from "../pages-options.js";
import { renderDiscardConfirmPage } from "../views/shared/confirm-pages.js";
import { ACCEPT_AGREEMENT_FORM } from "../views/desk/desk-agreement.js";
import { draftHistoryCsv } from "../views/drafts/draft-history-csv.js";
import { type DraftDone, renderDraftPage } from "../views/drafts/draft-page.js";
import { renderMessagePage } from "../views/shared/message-page.js";
import { type LetterChoicesState, letterLanguageOf, letterLinesFor } from "../views/resolve/request-letter.js";
import { choicesQuery, shapeLetter } from "../http/letter-choices.js";
import { countLetterPdf } from "../http/letter-pdf-limit.js";

const DONE = new Set<string>(["reviewed", "discarded", "approved", "accepted"]);

/**
 * Refusals a person meets on a draft's page, said in the page's words and the reader's language
 * (core's messages are the agents', in English); any other refusal keeps core's words.
 */
const REFUSAL_WORDS: Readonly<Record<string, MessageKey>> = {
  draft_closed: "drafts.page.closed",
  owner_required: "drafts.refused.notYours",
};
export const refusalWords = (error: { code: string; message: string }): string => {
  const key = REFUSAL_WORDS[error.code];
  return key === undefined ? error.message : message(key);
};

/**
 * Why the discard step refuses a draft this person may not discard: a closed draft (approved or
 * discarded) in the words the draft page and a refused discard use (`draft_closed`, one key), else
 * one that is not theirs to discard.
 */
export function discardRefusal(reviewStatus: string): { error: string; status: 409 | 403 } {
  const closed = reviewStatus === "approved" || reviewStatus === "discarded";
  return closed
    ? { error: refusalWords({ code: "draft_closed", message: "" }), status: 409 }
    : { error: refusalWords({ code: "owner_required", message: "" }), status: 403 };
}

/** `/drafts/:draftId`: review, discard, and for a Desk owner the agreement and approval. */
export function draftRoutes(options: PagesOptions, pages: PageHandlers): Router {
  const router = Router();
  validatePathIds(router, options.sessions);
  const deps = options.backOffice;
  const draftIdOf = (page: PageRequest) => String(page.req.params.draftId);
  const back = (req: PageRequest["req"]) => PAGES.draft(String(req.params.draftId));

  /** An unknown draft, or one of somebody else: said in the page's words, not the agent-facing ones. */
  const draftNotFound = (page: PageRequest): PageOutcome => ({
    status: 404,
    html: renderMessagePage(page.session, {
      title: message("drafts.notFound.title"),
      status: message("drafts.notFound.status"),
      next: { href: PAGES.connections, label: message("drafts.notFound.next") },
    }),
  });

  /** The draft as its review page needs it, or undefined when it is not this person's to see. */
  async function findDraft(page: PageRequest) {
    try {
      return await getDraftForReview(deps, page.actor, draftIdOf(page));
    } catch (error) {
      if (isServiceError(error) && error.code === "not_found") return undefined;
      throw error;
    }
  }

  /** The draft page as it stands now, with a confirmation or a refusal. */
  async function draftPage(
    page: PageRequest,
    extra: { done?: DraftDone; error?: string; status?: number; letter?: LetterChoicesState },
  ): Promise<PageOutcome> {
    const { session, actor } = page;
    const detail = await findDraft(page);
    if (detail === undefined) return draftNotFound(page);
    const [agreement, creator] = await Promise.all([
      detail.draft.kind === "placement" ? getDeskAgreementStatus(deps, actor) : undefined,
      getDraftCreator(deps, actor, detail.draft.draftId),
    ]);
    const owner = isSignedInOwner(actor);
    const html = renderDraftPage(session, { detail, agreement, owner, creator, done: extra.done, error: extra.error, letter: extra.letter });
    return { html, status: extra.status ?? 200 };
  }

  /** Runs an act; a refusal the domain explains (4xx) is shown on the draft page itself. */
  const act = (done: DraftDone, run: (actor: BackOfficeActor, draftId: string, page: PageRequest) => Promise<unknown>) =>
    async (page: PageRequest): Promise<PageOutcome> => {
      try {
        await run(page.actor, draftIdOf(page), page);
      } catch (error) {
        if (isServiceError(error) && error.code === "not_found") return draftNotFound(page);
        if (isServiceError(error) && error.status < 500) return draftPage(page, { error: refusalWords(error), status: error.status });
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
  // The draft's history as CSV, for the owner's records (issue 18), in the reader's language, naming who acted (issue 48).
  router.get(
    "/drafts/:draftId/history.csv",
    pages.view(async (page) => {
      const detail = await findDraft(page);
      if (detail === undefined) return draftNotFound(page);
      const creator = await getDraftCreator(deps, page.actor, detail.draft.draftId);
      return { csv: draftHistoryCsv(detail, page.session.user.userId, creator) };
    }),
  );
  router.post(
    "/drafts/:draftId/review",
    pages.form("review-draft", back, act("reviewed", (actor, id) => reviewDraft(deps, actor, id, "reviewed"))),
  );
  // The confirmation step (works without JavaScript): the draft page links here, this page posts.
  router.get(
    "/drafts/:draftId/discard",
    pages.view(async (page) => {
      const detail = await findDraft(page);
      if (detail === undefined) return draftNotFound(page);
      const { draft } = detail;
      if (!detail.mayDiscard) return draftPage(page, discardRefusal(draft.reviewStatus));
      return { html: renderDiscardConfirmPage(page.session, draft) };
    }),
  );
  router.post(
    "/drafts/:draftId/discard",
    pages.form("discard-draft", back, act("discarded", (actor, id) => reviewDraft(deps, actor, id, "discarded"))),
  );
  router.post(
    "/drafts/:draftId/approve",
    pages.form(
      "approve-draft",
      back,
      act("approved", (actor, id, page) => {
        // Set only by the conflicts form: the references the page named and the owner chose to leave out.
        const sent = (page.req.body as Record<string, unknown>).leaveOut;
        const leaveOut = (Array.isArray(sent) ? sent : [sent]).filter((value): value is string => typeof value === "string");
        return approvePlacementDraft(deps, actor, id, { leaveOut });
      }),
    ),
  );
  // A request draft's letter, shaped by the choices in its address (a GET: it reloads, bookmarks and
  // comes back as it was; nothing is stored, the request log drops the query).
  router.get(
    "/drafts/:draftId/letter",
    pages.view((page) => {
      const shaped = shapeLetter(page.req.query);
      // The language switch comes back to this letter with its choices (never a refused one).
      return asReader({ path: PAGES.draftLetter(draftIdOf(page), shaped.backQuery) }, () =>
        draftPage(page, shaped.problem === undefined ? { letter: shaped } : { letter: shaped, status: 400 }),
      );
    }),
  );
  // The same letter as a PDF file, to print or attach.
  router.get(
    "/drafts/:draftId/letter.pdf",
    pages.view(async (page) => {
      const detail = await findDraft(page);
      if (detail === undefined || detail.draft.kind !== "consumer_request") return draftNotFound(page);
      if (detail.draft.reviewStatus === "discarded") {
        const closed = { title: message("resolve.letter.discardedTitle"), status: message("resolve.letter.discarded") };
        return { status: 409, html: renderMessagePage(page.session, { ...closed, next: { href: PAGES.resolve, label: message("resolve.offer.back") } }) };
      }
      const shaped = shapeLetter(page.req.query);
      // A refused choice (an address edited by hand, a value too long) is never dropped silently: a file
      // without the person's choices would not say what they chose. The letter's page shows what to fix.
      if (shaped.problem !== undefined) {
        const back = { href: `${PAGES.draftLetter(detail.draft.draftId, shaped.backQuery)}#the-letter`, label: message("resolve.letter.backToLetter") };
        return { status: 400, html: renderMessagePage(page.session, { title: message("resolve.letter.pdfRefusedTitle"), status: message("resolve.letter.pdfRefused"), next: back }) };
      }
      await countLetterPdf(options.counters, page.session.user.userId, clockOf(deps).getTime());
      // pdfkit, fontkit and the bidirectional algorithm are loaded with the first letter, not at start:
      // a service that makes no PDF does not hold their code (some megabytes of every process's memory).
      const { letterPdf } = await import("../http/letter-pdf.js");
      return { file: await letterPdf(detail.draft, letterLinesFor(detail.draft, shaped), letterLanguageOf(shaped)) };
    }),
  );
  // A tab opened before the letter had its own address posts here: sent on to that address, as a GET.
  router.post(
    "/drafts/:draftId/letter",
    pages.form("shape-letter", back, async (page) => {
      const { [CSRF_FIELD]: _token, ...values } = page.req.body as Record<string, string | string[]>;
      return { redirect: `${PAGES.draftLetter(draftIdOf(page), choicesQuery(values))}#the-letter` };
    }),
  );
  router.post(
    "/drafts/:draftId/accept-agreement",
    pages.form(
      ACCEPT_AGREEMENT_FORM,
      back,
      act("accepted", (_actor, _id, page) => acceptAgreementForm(deps, page)),
    ),
  );
  return router;
}
