import { importPhones, phoneImportInputSchema } from "@connector/core/phones";
import { identifierSchema } from "@connector/core/schemas";
import { z } from "zod";
import { defineRoute } from "../api-v1-route.js";

const rowSchema = z.strictObject({
  row: z.number().int().min(1).describe("1-based position in phones."),
  reference: z.string(),
  status: z.enum(["new", "on_file", "invalid"]),
  problem: z.enum(["invalid_phone", "unknown_account", "duplicate_row"]).optional(),
  masked: z.string().optional().describe("The E.164 number with all but the calling code and last two digits hidden."),
  country: z.string().optional().describe("ISO 3166-1 alpha-2 country of the number."),
});

export const phoneRoutes = [
  defineRoute({
    method: "post",
    path: "/phones/import",
    operationId: "importPhones",
    summary: "Import business phones",
    description: [
      "Attaches phone numbers to this Desk's accounts, by the account's reference. source (where the numbers come from) is required.",
      "Numbers are normalised to E.164 with libphonenumber-js; a number without + is read as one of defaultCountry (default US).",
      "Every row is reported: new, on_file (already saved for that account) or invalid with its problem; the valid new numbers are saved and their accounts count as skip-traced.",
      "dryRun=1 answers the same report and saves nothing. Answers never repeat a full number.",
    ].join(" "),
    tag: "phones",
    access: "desk",
    query: z.strictObject({
      dryRun: z.enum(["0", "1", "true", "false"]).optional().describe("1 to preview only: nothing is saved."),
    }),
    body: { schema: phoneImportInputSchema },
    response: z.strictObject({
      dryRun: z.boolean(),
      batchId: identifierSchema.nullable().describe("The saved import; null for a dry run."),
      source: z.string(),
      counts: z.strictObject({ rows: z.number().int(), new: z.number().int(), onFile: z.number().int(), invalid: z.number().int() }),
      rows: z.array(rowSchema),
    }),
    errors: ["forbidden_personal_data"],
    handle: async ({ actor, query, body, services }) =>
      importPhones(services.backOffice, actor, body, { dryRun: query.dryRun === "1" || query.dryRun === "true" }),
  }),
];
