import { DRAFT_REVIEW_STATUSES } from "@connector/core/domain";
import { identifierSchema } from "@connector/core/schemas";
import { pathParams } from "@connector/core/validation";
import { z } from "zod";

/** Shared pieces of `/api/v1` request and response schemas. */
export const timestamp = z.string().meta({ format: "date-time" });

export const pageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50).describe("Items per page, 1 to 100 (default 50)."),
  cursor: identifierSchema.optional().describe("The nextCursor of the previous page."),
});

export const draftIdParams = pathParams("draftId");

/**
 * A body the route's core operation validates itself (with core's one `validateInput`), so the
 * router passes it on as read: one schema parse per request. The route's `documented` schema is
 * what OpenAPI shows.
 */
export const checkedByOperation = z.unknown();

export const notice = z.string().describe("Plain statement of what the status means: reviewed does not mean sent, delivered or accepted.");

export const reviewStatus = z.enum(DRAFT_REVIEW_STATUSES);

/** A placement row as a dry run shows it: what saving would store (for one request's rows, or a file sent in parts). */
export const rowToSave = z.strictObject({
  reference: z.string(),
  name: z.string(),
  amount: z.number().nullable(),
  currency: z.string(),
  creditor: z.string().nullable(),
});

/** `?dryRun=` of the placement routes: 1 (or true) checks only and saves nothing. */
export const dryRunQuery = z.enum(["0", "1", "true", "false"]).optional();
export const isDryRun = (value: z.output<typeof dryRunQuery>): boolean => value === "1" || value === "true";
