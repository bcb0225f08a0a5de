import { CASE_STATUSES, type CaseStatus } from "../domain/case-status.js";
import { ServiceError } from "../errors/service-error.js";
import type { PlacementFilter, PlacementPage, PlacementView } from "../ports/back-office-stores.js";
import { identifierSchema } from "../schemas/identifier.js";
import { assertDeskActor, type BackOfficeActor } from "../back-office/back-office-actor.js";
import type { BackOfficeDeps } from "../back-office/back-office-deps.js";

/** Placements read at once by an export: a few milliseconds of work between other requests' turns. */
export const PLACEMENT_EXPORT_PAGE = 500;

/** A search as a person types it into the place screen (query text): checked, or refused in plain words. */
export interface PlacementSearch {
  reference?: string | undefined;
  status?: string | undefined;
  draftId?: string | undefined;
}

/** The typed search as the store's filter; empty fields mean "any". */
export function placementFilter(search: PlacementSearch): PlacementFilter {
  const filter: PlacementFilter = {};
  const reference = search.reference?.trim() ?? "";
  if (reference.length > 80) throw new ServiceError("invalid_input", "A reference is at most 80 characters; search for part of it.", { field: "q" });
  if (reference !== "") filter.reference = reference;
  if (search.status !== undefined && search.status !== "") {
    if (!(CASE_STATUSES as readonly string[]).includes(search.status)) {
      throw new ServiceError("invalid_input", "That case status is not one this service records; choose one from the list.", { field: "status" });
    }
    filter.caseStatus = search.status as CaseStatus;
  }
  if (search.draftId !== undefined && search.draftId !== "") filter.draftId = parseId(search.draftId, "draft");
  return filter;
}

/** The Desk's placements, newest first, searched by reference, case status or approving draft (issue 18). */
export async function searchPlacements(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  query: PlacementSearch & { limit: number; cursor?: string | undefined },
): Promise<PlacementPage> {
  assertDeskActor(actor);
  const filter = placementFilter(query);
  return deps.stores.placements.pageNewestFirst(actor.deskId, {
    ...filter,
    limit: query.limit,
    ...(query.cursor === undefined || query.cursor === "" ? {} : { after: parseId(query.cursor, "cursor") }),
  });
}

/**
 * Every placement the search finds, newest first, a page at a time and with no cap (issue 47): the
 * caller writes each page before the next is read, so no export is held whole. The search is checked
 * when the first page is asked for.
 */
export async function* exportPlacements(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  search: PlacementSearch,
): AsyncGenerator<readonly PlacementView[]> {
  assertDeskActor(actor);
  const filter = placementFilter(search);
  let after: string | undefined;
  do {
    const page = await deps.stores.placements.pageNewestFirst(actor.deskId, {
      ...filter,
      limit: PLACEMENT_EXPORT_PAGE,
      ...(after === undefined ? {} : { after }),
    });
    if (page.placements.length > 0) yield page.placements;
    after = page.nextCursor ?? undefined;
  } while (after !== undefined);
}

function parseId(value: string, field: string): string {
  const parsed = identifierSchema.safeParse(value);
  if (!parsed.success) throw new ServiceError("invalid_input", "This link is not valid; start from the place screen.", { field });
  return parsed.data.toLowerCase();
}
