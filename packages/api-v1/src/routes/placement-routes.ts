import { CASE_STATUSES } from "@connector/core/domain";
import { listPlacements, MAX_PLACEMENT_ROWS, placeAccounts, placementRowSchema } from "@connector/core/placements";
import { identifierSchema } from "@connector/core/schemas";
import { z } from "zod";
import { defineRoute } from "../api-v1-route.js";
import { dryRunQuery, isDryRun, pageQuery, rowToSave, timestamp } from "../schemas.js";

const placementSchema = z.strictObject({
  accountId: identifierSchema,
  reference: z.string(),
  agencyDeskId: identifierSchema.nullable().describe("The agency the account was placed with (agency_desk_id), or null."),
  amount: z.number().nullable().describe("Major units; null when the balance was not provided (never 0 for that)."),
  currency: z.string(),
  creditor: z.string().nullable(),
  caseStatus: z.enum(CASE_STATUSES),
  skip: z.enum(["unknown", "not_skipped", "skipped"]).describe("Skip-tracing state of the account."),
  placedAt: timestamp,
});


const agencyDeskId = identifierSchema.optional().describe("Place with this agency; this Desk must be its client.");

/** Rows are read one by one by core (every bad row reported in one answer), so the router takes any row... */
const placeBody = z.strictObject({
  accounts: z.array(z.unknown()).min(1).max(MAX_PLACEMENT_ROWS).describe("Rows as in placementRowSchema."),
  agency_desk_id: agencyDeskId,
});

/** ...and the OpenAPI document shows each row's real shape, so generated clients get a row type. */
const documentedPlaceBody = z.strictObject({
  accounts: z.array(placementRowSchema).min(1).max(MAX_PLACEMENT_ROWS).describe("The accounts to place, one row each."),
  agency_desk_id: agencyDeskId,
});

export const placementRoutes = [
  defineRoute({
    method: "post",
    path: "/placements",
    operationId: "placeAccounts",
    summary: "Place accounts",
    description: [
      "Places accounts from JSON ({ accounts: [...] }) or CSV (Content-Type: text/csv, header row reference,name,amount,currency,creditor).",
      "Amounts: omitted, null or blank → null (never 0); a real 0 stays 0; a leading $ and thousands commas are accepted; anything else is invalid_amount naming the row and column.",
      "Problems name CSV rows as a spreadsheet numbers them (the header is row 1, so the first account is row 2) and JSON accounts by their place in accounts, counting from 1 (Account 1); details[].row is that number.",
      "All rows or none: every bad row is reported in one answer. A reference repeated in the batch or already placed by this Desk is refused.",
      "dryRun=1 answers exactly what would be saved and saves nothing. Saved accounts start Account Workflow.",
    ].join(" "),
    tag: "placements",
    access: "desk",
    query: z.strictObject({
      dryRun: dryRunQuery.describe("1 to validate only: nothing is saved."),
      agency_desk_id: identifierSchema.optional().describe("For CSV bodies: the agency to place with."),
    }),
    body: {
      schema: placeBody,
      documented: documentedPlaceBody,
      csv: { description: "Header row reference,name,amount,currency,creditor (any order; only these columns)." },
    },
    response: z.union([
      z.strictObject({ dryRun: z.literal(true), saved: z.literal(false), placements: z.array(rowToSave) }),
      z.strictObject({
        dryRun: z.literal(false),
        saved: z.literal(true),
        placements: z.array(placementSchema),
        workflowRunIds: z.array(identifierSchema),
      }),
    ]),
    errors: ["agreement_required", "invalid_amount", "duplicate_reference", "reference_conflict", "agency_not_client", "forbidden_personal_data"],
    handle: async ({ actor, query, body, services }) => {
      const { accounts, rows, rowNumbers, agency_desk_id } = body as { accounts?: unknown[]; rows?: unknown[]; rowNumbers?: number[]; agency_desk_id?: string };
      return placeAccounts(services.backOffice, actor, {
        rows: rows ?? accounts ?? [],
        // CSV rows are named by their spreadsheet rows, JSON accounts by their place (core's row-numbering.ts).
        rowNumbers: rows === undefined ? undefined : rowNumbers,
        agencyDeskId: agency_desk_id ?? query.agency_desk_id ?? null,
        dryRun: isDryRun(query.dryRun),
      });
    },
  }),
  defineRoute({
    method: "get",
    path: "/placements",
    operationId: "listPlacements",
    summary: "List placements",
    description: "The Desk's placed accounts with their skip state, a page at a time; amount is a number or null.",
    tag: "placements",
    access: "desk",
    query: pageQuery,
    response: z.strictObject({ placements: z.array(placementSchema), nextCursor: identifierSchema.nullable() }),
    errors: [],
    handle: async ({ actor, query, services }) => listPlacements(services.backOffice, actor, query),
  }),
];

/** The row schema, documented beside the endpoint that takes it. */
export { placementRowSchema };
