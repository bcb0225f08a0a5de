import { readCsvRows } from "@connector/api-v1";
import {
  accountReferences,
  type BackOfficeActor,
  isServiceError,
  isSignedInOwner,
  listAgencyMemberships,
  listPlacements,
  listWorkflowEvents,
  listWorkflowRuns,
  placeAccounts,
  ServiceError,
} from "@connector/core";
import { MAX_REQUEST_BYTES } from "@connector/http";
import { type Request, Router } from "express";
import type { PageHandlers, PageOutcome, PageRequest } from "../http/page-handler.js";
import { placementPreviewBody, placementSaveBody } from "../http/placement-body.js";
import { PAGES } from "../page-paths.js";
import type { PagesOptions } from "../pages-options.js";
import type { AgentDoorProps } from "../views/agent-door.js";
import { renderMessagePage } from "../views/message-page.js";
import { type PlacePageProps, renderPlacePage } from "../views/place-page.js";
import type { PlacementPreview } from "../views/placement-forms.js";

const LISTED = 10;

/** What one answer adds to the place screen: a preview, a count just saved, a key just minted. */
type PlacePageExtras = Partial<Pick<PlacePageProps, "preview" | "saved">> & { door?: Omit<AgentDoorProps, "keys"> };
const LISTS = ["placements", "runs", "events"] as const;
type List = (typeof LISTS)[number];

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const cursorOf = (req: Request, list: List): string | undefined => {
  const value = req.query[list];
  return typeof value === "string" && value !== "" ? value : undefined;
};

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
  const deps = options.backOffice;
  const back = () => PAGES.place;

  /** Consumers have no place screen and no Agent door (spec §5.2): one clear page says so. */
  function forDesks(page: PageRequest, then: (actor: BackOfficeActor & { kind: "desk" }) => Promise<PageOutcome>): Promise<PageOutcome> {
    const { actor } = page;
    if (actor.kind !== "desk") {
      return Promise.resolve({
        status: 403,
        html: renderMessagePage(page.session, {
          title: "This page is for Desk staff",
          status: "Placing accounts and desk keys belong to creditors, buyers and agencies. Your own page is Resolve.",
          next: { href: PAGES.resolve, label: "Go to Resolve" },
        }),
      });
    }
    return then(actor);
  }

  async function placePage(page: PageRequest, extra: PlacePageExtras = {}, status = 200): Promise<PageOutcome> {
    const { req, actor, session } = page;
    const owner = isSignedInOwner(actor);
    const [placements, runs, events, keys, { memberships }] = await Promise.all([
      listPlacements(deps, actor, { limit: LISTED, ...optional(cursorOf(req, "placements")) }),
      listWorkflowRuns(deps, actor, { limit: LISTED, ...optional(cursorOf(req, "runs")) }),
      listWorkflowEvents(deps, actor, { limit: LISTED, ...optional(cursorOf(req, "events")) }),
      owner ? options.deskKeys.list(actor) : Promise.resolve(undefined),
      listAgencyMemberships(deps, actor),
    ]);
    const pageWith = (list: List, cursor: string | null) => {
      const query = new URLSearchParams();
      for (const other of LISTS) {
        const value = other === list ? cursor : (cursorOf(req, other) ?? null);
        if (value !== null) query.set(other, value);
      }
      const search = query.toString();
      return search === "" ? PAGES.place : `${PAGES.place}?${search}`;
    };
    const references = await accountReferences(deps, actor, [
      ...runs.runs.map((run) => run.accountId),
      ...events.events.map((event) => event.accountId),
    ]);
    const moved = { placements: cursorOf(req, "placements") !== undefined, runs: cursorOf(req, "runs") !== undefined, events: cursorOf(req, "events") !== undefined };
    const html = renderPlacePage(session, {
      door: { ...extra.door, keys },
      preview: extra.preview,
      saved: extra.saved,
      lists: { placements, runs, events, references, pageWith, moved },
      agencies: memberships,
    });
    return { html, status };
  }

  /** Runs the placement; the domain's refusal (every bad row at once) becomes the page's list of problems. */
  async function place(page: PageRequest, rows: unknown[], dryRun: boolean): Promise<{ outcome?: PageOutcome; saved?: number; preview?: PlacementPreview }> {
    // "Place with": empty is this Desk only; the domain checks the Desk is a client of the agency.
    const agencyDeskId = text((page.req.body as Record<string, unknown>).agencyDeskId);
    try {
      const result = await placeAccounts(deps, page.actor, { rows, dryRun, agencyDeskId });
      if (result.dryRun) {
        const source = JSON.stringify(rows);
        // The save form carries the rows back, and like every request it is at most 64 KiB (spec §8).
        if (!fitsSaveForm(source, agencyDeskId)) {
          throw new ServiceError("payload_too_large", "These accounts are too many to save in one go. Split the file in two and place each part.");
        }
        return { preview: { kind: "ok", rows: result.placements, source, agencyDeskId } };
      }
      return { saved: result.placements.length };
    } catch (error) {
      if (!isServiceError(error) || error.status >= 500) throw error;
      const preview: PlacementPreview = { kind: "problems", message: error.message, details: error.details ?? [] };
      return { outcome: await placePage(page, { preview }, error.status) };
    }
  }

  router.get(
    PAGES.place,
    pages.view((page) =>
      forDesks(page, () => {
        const count = Number(page.req.query.count);
        const saved = page.req.query.done === "saved" && Number.isInteger(count) ? count : undefined;
        return placePage(page, { saved, door: { revoked: page.req.query.done === "key-revoked" } });
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
          const rows = file === undefined ? [formRow(body)] : readCsvRows(file.buffer.toString("utf8"));
          if (rows.length === 0) throw new ServiceError("invalid_input", "The file has a header row but no accounts.");
          const result = await place(page, rows, true);
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
          const rows = parseRows(text((page.req.body as Record<string, unknown>).rows));
          const result = await place(page, rows, false);
          return result.outcome ?? { redirect: `${PAGES.place}?done=saved&count=${result.saved ?? 0}` };
        }),
      placementSaveBody,
    ),
  );
  return router;
}

/** Whether the save form (rows, agency, a 43-character CSRF token) stays within the 64 KiB request limit. */
function fitsSaveForm(source: string, agencyDeskId: string): boolean {
  const encoded = new URLSearchParams({ csrf_token: "x".repeat(43), rows: source, agencyDeskId }).toString();
  return Buffer.byteLength(encoded) <= MAX_REQUEST_BYTES;
}

const optional = (cursor: string | undefined) => (cursor === undefined ? {} : { cursor });

/** The previewed rows the save form carried back; the domain validates them again before saving. */
function parseRows(source: string): unknown[] {
  try {
    const rows: unknown = JSON.parse(source);
    if (Array.isArray(rows)) return rows;
  } catch {
    // Answered below.
  }
  throw new ServiceError("invalid_input", "The preview could not be read back. Preview the accounts again.");
}
