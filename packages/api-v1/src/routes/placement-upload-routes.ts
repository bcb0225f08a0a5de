import {
  beginPlacementUpload,
  describePlacementUpload,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_ROWS,
  placePlacementUpload,
  previewPlacementUpload,
  putPlacementUploadChunk,
  UPLOAD_CHUNK_BYTES,
} from "@connector/core/placements";
import { identifierSchema } from "@connector/core/schemas";
import { pathIdSchema, pathParams } from "@connector/core/validation";
import { z } from "zod";
import { defineRoute } from "../api-v1-route.js";
import { dryRunQuery, isDryRun, rowToSave, timestamp } from "../schemas.js";

/**
 * A CSV file too big for one request (spec §8: 64 KiB), placed in parts (issue 39): begin, PUT each
 * part by index, GET to see which arrived (resume), then preview (dryRun=1) and place, all or none.
 */

const uploadSchema = z.strictObject({
  uploadId: identifierSchema,
  size: z.number().int().describe("The file's size in bytes, as declared."),
  chunkBytes: z.number().int().describe(`Every part but the last is exactly this long (${UPLOAD_CHUNK_BYTES} bytes).`),
  chunkCount: z.number().int(),
  received: z.array(z.number().int()).describe("Indexes of the parts received so far: send the others to resume."),
  receivedBytes: z.number().int(),
  complete: z.boolean().describe("Every part is here: the file can be previewed and placed."),
  agencyDeskId: identifierSchema.nullable(),
  expiresAt: timestamp.describe("The upload and its parts are deleted then (a day after it began) unless placed."),
});


const uploadParams = pathParams("uploadId");

export const placementUploadRoutes = [
  defineRoute({
    method: "post",
    path: "/placements/uploads",
    operationId: "beginPlacementUpload",
    summary: "Begin a CSV file sent in parts",
    description: [
      `For a placement CSV larger than one request may be (64 KiB): declare its size (1 byte to ${MAX_UPLOAD_BYTES} bytes, at most ${MAX_UPLOAD_ROWS} accounts),`,
      `then PUT its parts of ${UPLOAD_CHUNK_BYTES} bytes (the last holds the rest), then preview and place it.`,
      "An empty file is empty_file; a larger one payload_too_large, before any part is sent. The upload expires a day after it begins.",
    ].join(" "),
    tag: "placements",
    access: "desk",
    body: {
      schema: z.strictObject({
        size: z.number().int().min(0).describe("The file's size in bytes."),
        agency_desk_id: identifierSchema.optional().describe("Place with this agency; this Desk must be its client."),
      }),
    },
    status: 201,
    response: uploadSchema,
    errors: ["agreement_required", "empty_file", "payload_too_large", "agency_not_client", "too_many_uploads"],
    handle: async ({ actor, body, services }) => beginPlacementUpload(services.backOffice, actor, { size: body.size, agencyDeskId: body.agency_desk_id }),
  }),
  defineRoute({
    method: "get",
    path: "/placements/uploads/:uploadId",
    operationId: "describePlacementUpload",
    summary: "Which parts of a file have arrived",
    description: "The upload as declared and the indexes of the parts received: to resume, send the parts not listed.",
    tag: "placements",
    access: "desk",
    params: uploadParams,
    response: uploadSchema,
    errors: [],
    handle: async ({ actor, params, services }) => describePlacementUpload(services.backOffice, actor, params.uploadId),
  }),
  defineRoute({
    method: "put",
    path: "/placements/uploads/:uploadId/chunks/:index",
    operationId: "putPlacementUploadChunk",
    summary: "Send one part of a file",
    description: [
      `The part's raw bytes (Content-Type: application/octet-stream): bytes index × ${UPLOAD_CHUNK_BYTES} onwards, ${UPLOAD_CHUNK_BYTES} of them (the last part: the rest).`,
      "Parts may come in any order. Sending a part again with the same bytes is a harmless retry; with other bytes it is chunk_conflict.",
    ].join(" "),
    tag: "placements",
    access: "desk",
    params: z.strictObject({
      uploadId: pathIdSchema("uploadId"),
      index: z.coerce.number().int().min(0).describe("The part's number, from 0."),
    }),
    body: { schema: z.unknown(), raw: { description: `One part of the file: at most ${UPLOAD_CHUNK_BYTES} bytes.` } },
    response: uploadSchema,
    errors: ["chunk_conflict", "payload_too_large", "unsupported_media_type"],
    handle: async ({ actor, params, body, services }) =>
      putPlacementUploadChunk(services.backOffice, actor, params.uploadId, params.index, (body as { bytes: Uint8Array }).bytes),
  }),
  defineRoute({
    method: "post",
    path: "/placements/uploads/:uploadId/place",
    operationId: "placePlacementUpload",
    summary: "Preview or place a file sent in parts",
    description: [
      "Reads the whole file as POST /api/v1/placements reads a CSV (the same header, amount rules and checks) and places every account or none.",
      "dryRun=1 checks every row and answers how many would be placed and the first 20 as they would be saved; nothing is saved.",
      "Without it the accounts are placed in one transaction, Account Workflow starts for them, and the upload is deleted: placing it again is not_found.",
      "A file with many problems lists the first 100 in details and counts them all in the message.",
    ].join(" "),
    tag: "placements",
    access: "desk",
    params: uploadParams,
    query: z.strictObject({ dryRun: dryRunQuery.describe("1 to check only: nothing is saved.") }),
    response: z.union([
      z.strictObject({ dryRun: z.literal(true), saved: z.literal(false), count: z.number().int(), sample: z.array(rowToSave) }),
      z.strictObject({ dryRun: z.literal(false), saved: z.literal(true), count: z.number().int(), workflowRunCount: z.number().int() }),
    ]),
    errors: [
      "agreement_required",
      "upload_incomplete",
      "empty_file",
      "invalid_amount",
      "duplicate_reference",
      "reference_conflict",
      "agency_not_client",
      "forbidden_personal_data",
    ],
    handle: async ({ actor, params, query, services }) => {
      if (isDryRun(query.dryRun)) {
        const preview = await previewPlacementUpload(services.backOffice, actor, params.uploadId);
        return { dryRun: true, saved: false, count: preview.count, sample: preview.sample };
      }
      const placed = await placePlacementUpload(services.backOffice, actor, params.uploadId);
      return { dryRun: false, saved: true, ...placed };
    },
  }),
];
