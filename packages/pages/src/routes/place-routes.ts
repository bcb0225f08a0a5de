import { isServiceError, ServiceError } from "@connector/core";
import { isAgencyDesk, listAgencyMemberships } from "@connector/core/agency";
import { type BackOfficeActor, isSignedInOwner } from "@connector/core/back-office";
import { getDeskAgreementStatus, isDeskAgreementAccepted } from "@connector/core/desk-agreement";
import { assertJsonTextDepth } from "@connector/core/guard";
import {
  cancelPlacementUpload,
  exportPlacements,
  findPlacementJob,
  placeAccounts,
  placementJobInProgress,
  placePlacementUpload,
  type CsvRows,
  type PlacementSearch,
  previewPlacementUpload,
  readPlacementFile,
  searchPlacements,
} from "@connector/core/placements";
import type { PlacementView } from "@connector/core/ports";
import { accountReferences, listWorkflowEventsNewestFirst, listWorkflowRuns } from "@connector/core/workflow";
import { MAX_REQUEST_BYTES } from "@connector/http";
import { type Request, Router } from "express";
import { acceptAgreementForm } from "../http/accept-agreement.js";
import type { CsvCell } from "../http/csv-cells.js";
import type { PageHandlers, PageOutcome, PageRequest } from "../http/page-handler.js";
import { validatePathIds } from "../http/path-ids.js";
import { placementPreviewBody, placementSaveBody } from "../http/placement-body.js";
import { readRowNumbersField, rowNumbersField } from "../http/row-numbers-field.js";
import { PAGES } from "../page-paths.js";
import type { PagesOptions } from "../pages-options.js";
import type { AgentDoorProps } from "../views/desk/agent-door.js";
import { renderRevokeKeyConfirmPage } from "../views/shared/confirm-pages.js";
import { ACCEPT_AGREEMENT_FORM } from "../views/desk/desk-agreement.js";
import { renderMessagePage } from "../views/shared/message-page.js";
import { renderDeskOnlyPage } from "../views/shared/access-pages.js";
import { ONE_ACCOUNT_FIELDS, oneAccountForm } from "../views/shared/one-account-form.js";
import { type PlacePageProps, renderPlacePage } from "../views/desk/place-page.js";
import type { PlacementPreview } from "../views/desk/placement-forms.js";
import { renderUploadPreviewPage, renderUploadProblemsPage } from "../views/desk/upload-preview-page.js";
import { renderPlacementJobPage } from "../views/desk/placement-job-page.js";

const LISTED = 10;

/** What one answer adds to the place screen: a preview, a count just saved, a key just minted, the form as sent. */
type PlacePageExtras = Partial<Pick<PlacePageProps, "preview" | "saved" | "one" | "accepted" | "uploadCancelled">> & { door?: Omit<AgentDoorProps, "keys"> };
const LISTS = ["placements", "runs", "events"] as const;
type List = (typeof LISTS)[number];

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const queryText = (req: Request, name: string): string | undefined => {
  const value = req.query[name];
  return typeof value === "string" && value !== "" ? value : undefined;
};
const cursorOf = (req: Request, list: List): string | undefined => queryText(req, list);
const cursorsOf = (req: Request) => Object.fromEntries(LISTS.map((list) => [list, cursorOf(req, list)])) as Partial<Record<List, string>>;

/** What the person searched the placements for: `q` (part of a reference), `status`, `draft`. */
export function searchOf(req: Request): PlacementSearch {
  return { reference: queryText(req, "q"), status: queryText(req, "status"), draftId: queryText(req, "draft") };
}

/** The place screen's (or the export's) address for a search and the lists' cursors. */
function placePath(search: PlacementSearch, cursors: Partial<Record<List, string | undefined>>, path: string = PAGES.place): string {
  const query = new URLSearchParams();
  if (search.reference !== undefined) query.set("q", search.reference);
  if (search.status !== undefined) query.set("status", search.status);
  if (search.draftId !== undefined) query.set("draft", search.draftId);
  for (const list of LISTS) {
    const cursor = cursors[list];
    if (cursor !== undefined) query.set(list, cursor);
  }
  const text = query.toString();
  return text === "" ? path : `${path}?${text}`;
}

/** One account from the form, as a placement row: empty optional fields are left out, as in a CSV. */
function formRow(body: Record<string, unknown>): Record<string, string> {
  const row: Record<string, string> = { reference: text(body.reference), name: text(body.name), amount: text(body.amount) };
  if (text(body.currency).trim() !== "") row.currency = text(body.currency).trim().toUpperCase();
  if (text(body.creditor).trim() !== "") row.creditor = text(body.creditor);
  return row;
}

/** `/desk/place`: the Agent door, placements by form or CSV with the dry-run preview, runs and events. */
export function placeRoutes(options: PagesOptions, pages: PageHandlers): Router {
  const router = Router();
  validatePathIds(router, options.sessions);
  const deps = options.backOffice;
  const back = () => PAGES.place;

  /** Consumers have no place screen and no Agent door (spec §5.2): one clear page says so. */
  function forDesks(page: PageRequest, then: (actor: BackOfficeActor & { kind: "desk" }) => Promise<PageOutcome>): Promise<PageOutcome> {
    const { actor } = page;
    if (actor.kind !== "desk") {
      return Promise.resolve({
        status: 403,
        html: renderDeskOnlyPage(page.session),
      });
    }
    return then(actor);
  }

  async function placePage(page: PageRequest, extra: PlacePageExtras = {}, status = 200): Promise<PageOutcome> {
    const { req, actor, session } = page;
    const owner = isSignedInOwner(actor);
    const search = searchOf(req);
    // An approved draft's accounts (at most 100): their runs are the ones shown with them.
    const draftAccounts =
      search.draftId === undefined ? undefined : (await searchPlacements(deps, actor, { draftId: search.draftId, limit: 100 })).placements;
    const [placements, runs, events, keys, { memberships }, agency, agreement, placing, job] = await Promise.all([
      searchPlacements(deps, actor, { ...search, limit: LISTED, cursor: cursorOf(req, "placements") }),
      listWorkflowRuns(deps, actor, {
        limit: LISTED,
        ...optional(cursorOf(req, "runs")),
        ...(draftAccounts === undefined ? {} : { accountIds: draftAccounts.map((placement) => placement.accountId) }),
      }),
      listWorkflowEventsNewestFirst(deps, actor, { limit: LISTED, ...optional(cursorOf(req, "events")) }),
      owner ? options.deskKeys.list(actor) : Promise.resolve(undefined),
      listAgencyMemberships(deps, actor),
      isAgencyDesk(deps, actor),
      getDeskAgreementStatus(deps, actor),
      isDeskAgreementAccepted(deps, actor),
      actor.kind === "desk" ? placementJobInProgress(deps, actor) : Promise.resolve(undefined),
    ]);
    const pageWith = (list: List, cursor: string | null) => placePath(search, { ...cursorsOf(req), [list]: cursor ?? undefined });
    const references = await accountReferences(deps, actor, [
      ...runs.runs.map((run) => run.accountId),
      ...events.events.map((event) => event.accountId),
    ]);
    const moved = { placements: cursorOf(req, "placements") !== undefined, runs: cursorOf(req, "runs") !== undefined, events: cursorOf(req, "events") !== undefined };
    const html = renderPlacePage(session, {
      door: { ...extra.door, keys },
      preview: extra.preview,
      saved: extra.saved,
      one: extra.one,
      lists: { placements, runs, events, references, pageWith, moved, search, exportUrl: placePath(search, {}, PAGES.placementsCsv) },
      agencies: memberships,
      agency,
      agreement,
      placing,
      owner,
      accepted: extra.accepted,
      job,
      uploadCancelled: extra.uploadCancelled,
    });
    return { html, status };
  }

  /**
   * Runs the placement; the domain's refusal (every bad row at once) becomes the page's list of
   * problems, or, for the one-account form (`typed`), a message next to each field it names.
   */
  async function place(
    page: PageRequest,
    rows: unknown[],
    dryRun: boolean,
    typed?: Record<string, string>,
    /** A CSV file's spreadsheet rows, which its problems name (core's row numbering). */
    rowNumbers?: readonly number[],
  ): Promise<{ outcome?: PageOutcome; saved?: number; preview?: PlacementPreview }> {
    // "Place with": empty is this Desk only; the domain checks the Desk is a client of the agency.
    const agencyDeskId = text((page.req.body as Record<string, unknown>).agencyDeskId);
    try {
      const result = await placeAccounts(deps, page.actor, { rows, rowNumbers, dryRun, agencyDeskId });
      if (result.dryRun) {
        const source = JSON.stringify(rows);
        const numbers = rowNumbers === undefined ? "" : rowNumbersField(rowNumbers);
        // The save form carries the rows back, and like every request it is at most 64 KiB (spec §8).
        if (!fitsSaveForm(source, numbers, agencyDeskId)) {
          throw new ServiceError("payload_too_large", "These accounts are too many to save in one go. Split the file in two and place each part.");
        }
        return { preview: { kind: "ok", rows: result.placements, source, rowNumbers: numbers, agencyDeskId } };
      }
      return { saved: result.placements.length };
    } catch (error) {
      if (!isServiceError(error) || error.status >= 500) throw error;
      const details = error.details ?? (error.field === undefined ? [] : [{ code: error.code, message: error.message, field: error.field }]);
      if (typed === undefined) return { outcome: await fileRefused(page, error, rowNumbers !== undefined) };
      const one = { ...oneAccountForm(typed, details), agencyDeskId };
      const fields = Object.keys(one.errors);
      const preview: PlacementPreview = { kind: "problems", message: error.message, details: fields.length === 0 ? details : [], fields };
      return { outcome: await placePage(page, { preview, one }, error.status) };
    }
  }

  /**
   * A CSV file refused (empty, a wrong header, bad rows): every problem on the place screen, beside
   * the form to choose it again; `spreadsheetRows` when they name the file's rows.
   */
  function fileRefused(page: PageRequest, error: ServiceError, spreadsheetRows = false): Promise<PageOutcome> {
    const preview: PlacementPreview = { kind: "problems", message: error.message, details: error.details ?? [], spreadsheetRows };
    return placePage(page, { preview }, error.status);
  }

  /** A big file's refusal (issue 39) on its own page, which leads back to Place accounts. */
  async function uploadAnswer(page: PageRequest, work: () => Promise<PageOutcome>): Promise<PageOutcome> {
    try {
      return await work();
    } catch (error) {
      if (!isServiceError(error) || error.status >= 500 || error.code === "agreement_required") throw error;
      return { status: error.status, html: renderUploadProblemsPage(page.session, error.message, error.details ?? [], error.code) };
    }
  }

  // A CSV file sent in parts by the place screen's script: its one preview, then its one confirmation.
  router.get(
    `${PAGES.place}/uploads/:uploadId`,
    pages.view((page) =>
      forDesks(page, (actor) =>
        uploadAnswer(page, async () => {
          const preview = await previewPlacementUpload(deps, actor, String(page.req.params.uploadId));
          const agencyId = preview.upload.agencyDeskId;
          const agencyName =
            agencyId === null ? undefined : (await listAgencyMemberships(deps, actor)).memberships.find((one) => one.agencyDeskId === agencyId)?.agencyName;
          return { html: renderUploadPreviewPage(page.session, preview, agencyName) };
        }),
      ),
    ),
  );
  // Placing a file is a job (issue 47): the confirmation answers at once with the job's own page.
  router.post(
    `${PAGES.place}/uploads/:uploadId/place`,
    pages.form("place-upload", back, (page) =>
      forDesks(page, (actor) =>
        uploadAnswer(page, async () => {
          const job = await placePlacementUpload(deps, actor, String(page.req.params.uploadId));
          return { redirect: PAGES.placementJob(job.jobId) };
        }),
      ),
    ),
  );
  router.post(
    `${PAGES.place}/uploads/:uploadId/cancel`,
    pages.form("place-upload", back, (page) =>
      forDesks(page, (actor) =>
        uploadAnswer(page, async () => {
          await cancelPlacementUpload(deps, actor, String(page.req.params.uploadId));
          // To the top, where the notice says so (the form's anchor would scroll it out of sight on a phone).
          return { redirect: `${PAGES.place}?done=upload-cancelled` };
        }),
      ),
    ),
  );
  router.get(
    `${PAGES.place}/jobs/:jobId`,
    pages.view((page) => forDesks(page, async (actor) => ({ html: renderPlacementJobPage(page.session, await findPlacementJob(deps, actor, String(page.req.params.jobId))) }))),
  );

  router.get(
    PAGES.place,
    pages.view((page) =>
      forDesks(page, () => {
        const count = Number(page.req.query.count);
        const saved = page.req.query.done === "saved" && Number.isInteger(count) ? count : undefined;
        const done = page.req.query.done;
        return placePage(page, { saved, accepted: done === "accepted", uploadCancelled: done === "upload-cancelled", door: { revoked: done === "key-revoked" } });
      }),
    ),
  );

  // The placements a search finds, as CSV for the owner's records (issue 18): the same search as the page.
  router.get(
    PAGES.placementsCsv,
    pages.view((page) =>
      forDesks(page, async (actor) => {
        const day = new Date().toISOString().slice(0, 10);
        const header = ["reference", "amount", "currency", "creditor", "case_status", "skip_trace", "placed_at_utc", "account_id"];
        return { csv: { filename: `placements-${day}.csv`, header, pages: placementCsvRows(exportPlacements(deps, actor, searchOf(page.req))) } };
      }),
    ),
  );

  // The Desk agreement accepted where placing needs it (spec §5.3), through the draft page's same operation.
  router.post(
    PAGES.placeAgreement,
    pages.form(ACCEPT_AGREEMENT_FORM, back, (page) =>
      forDesks(page, async () => {
        await acceptAgreementForm(deps, page);
        return { redirect: `${PAGES.place}?done=accepted` };
      }),
    ),
  );

  router.post(
    PAGES.mintKey,
    pages.form("mint-key", back, (page) =>
      forDesks(page, async (actor) => {
        const minted = await options.deskKeys.mint(actor, { name: text((page.req.body as Record<string, unknown>).name) });
        // Shown in this answer only (no redirect: the key must not sit in a URL or be fetched again).
        return placePage(page, { door: { minted: { key: minted.key, name: minted.deskKey.name } } }, 201);
      }),
    ),
  );

  // The confirmation step before a key is revoked (works without JavaScript); only the owner has keys to revoke.
  router.get(
    `${PAGES.place}/keys/:keyId/revoke`,
    pages.view((page) =>
      forDesks(page, async (actor) => {
        const keyId = String(page.req.params.keyId);
        const key = isSignedInOwner(actor) ? (await options.deskKeys.list(actor)).find((one) => one.keyId === keyId && one.revokedAt === null) : undefined;
        if (key === undefined) {
          return {
            status: 404,
            html: renderMessagePage(page.session, {
              title: "Key not found",
              status: "There is no live desk key of yours at this address. It may have been revoked already.",
              next: { href: PAGES.place, label: "Back to the place screen" },
            }),
          };
        }
        return { html: renderRevokeKeyConfirmPage(page.session, key) };
      }),
    ),
  );
  router.post(
    `${PAGES.place}/keys/:keyId/revoke`,
    pages.form("revoke-key", back, (page) =>
      forDesks(page, async (actor) => {
        await options.deskKeys.revoke(actor, String(page.req.params.keyId));
        return { redirect: `${PAGES.place}?done=key-revoked` };
      }),
    ),
  );

  router.post(
    PAGES.previewPlacements,
    pages.form(
      "preview-placements",
      back,
      (page) =>
        forDesks(page, async () => {
          const file = (page.req as Request & { file?: { buffer: Buffer } }).file;
          const body = page.req.body as Record<string, unknown>;
          if (file === undefined) {
            // The one-account form: what was typed stays in the form, whatever the answer.
            const typed = Object.fromEntries(ONE_ACCOUNT_FIELDS.map((field) => [field, text(body[field])]));
            const result = await place(page, [formRow(body)], true, typed);
            return result.outcome ?? placePage(page, { preview: result.preview, one: { values: typed, errors: {}, agencyDeskId: text(body.agencyDeskId) } });
          }
          let read: CsvRows;
          try {
            read = readPlacementFile(file.buffer.toString("utf8"));
          } catch (error) {
            if (!isServiceError(error)) throw error;
            return fileRefused(page, error);
          }
          const result = await place(page, read.rows, true, undefined, read.rowNumbers);
          return result.outcome ?? placePage(page, { preview: result.preview });
        }),
      placementPreviewBody,
    ),
  );

  router.post(
    PAGES.savePlacements,
    pages.form(
      "save-placements",
      back,
      (page) =>
        forDesks(page, async () => {
          const body = page.req.body as Record<string, unknown>;
          const rows = parseRows(text(body.rows));
          const result = await place(page, rows, false, undefined, readRowNumbersField(text(body.rowNumbers), rows.length));
          return result.outcome ?? { redirect: `${PAGES.place}?done=saved&count=${result.saved ?? 0}` };
        }),
      placementSaveBody,
    ),
  );
  return router;
}

/** Whether the save form (rows, their row numbers, agency, a 43-character CSRF token) stays within the 64 KiB request limit. */
function fitsSaveForm(source: string, rowNumbers: string, agencyDeskId: string): boolean {
  const encoded = new URLSearchParams({ csrf_token: "x".repeat(43), rows: source, rowNumbers, agencyDeskId }).toString();
  return Buffer.byteLength(encoded) <= MAX_REQUEST_BYTES;
}

/** The export's pages of placements as its rows, a page at a time as they are read. */
async function* placementCsvRows(pages: AsyncIterable<readonly PlacementView[]>): AsyncGenerator<CsvCell[][]> {
  for await (const page of pages) {
    yield page.map((placement) => [
      placement.reference,
      placement.amount,
      placement.currency,
      placement.creditor,
      placement.caseStatus,
      placement.skip,
      placement.placedAt,
      placement.accountId,
    ]);
  }
}

const optional = (cursor: string | undefined) => (cursor === undefined ? {} : { cursor });

/** The previewed rows the save form carried back (as deep as any JSON body may be); the domain validates them again before saving. */
function parseRows(source: string): unknown[] {
  try {
    assertJsonTextDepth(source);
    const rows: unknown = JSON.parse(source);
    if (Array.isArray(rows)) return rows;
  } catch {
    // Answered below.
  }
  throw new ServiceError("invalid_input", "The preview could not be read back. Preview the accounts again.");
}
