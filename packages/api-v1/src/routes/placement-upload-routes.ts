import {
  beginPlacementUpload,
  cancelPlacementUpload,
  describePlacementUpload,
  findPlacementJob,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_ROWS,
  placePlacementUpload,
  previewPlacementUpload,
  putPlacementUploadChunk,
  UPLOAD_CHUNK_BYTES,
} from "@connector/core/placements";
import { PLACEMENT_JOB_STATES } from "@connector/core/ports";
import { identifierSchema } from "@connector/core/schemas";
import { pathIdSchema, pathParams } from "@connector/core/validation";
import { z } from "zod";
import { defineRoute } from "../api-v1-route.js";
import { API_V1_BASE } from "../create-api-v1-router.js";
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

const problemSchema = z.strictObject({
  code: z.string(),
  message: z.string(),
  details: z.array(z.strictObject({ code: z.string(), message: z.string(), field: z.string().optional(), row: z.number().int().optional() })).optional(),
});

/** A file being placed, or placed: `GET /placements/jobs/{jobId}` until `state` is placed and `released`, or failed. */
export const placementJobSchema = z.strictObject({
  jobId: identifierSchema,
  uploadId: identifierSchema,
  agencyDeskId: identifierSchema.nullable(),
  state: z
    .enum(PLACEMENT_JOB_STATES)
    .describe("checking: rows being read and checked, and saved (not live yet) while none has a problem; saving: the last accounts saved and the references checked across the file; placed: every account live at once; failed: nothing placed (problem), rowsSaved 0."),
  rowsTotal: z.number().int().nullable().describe("Rows in the file, once read."),
  rowsChecked: z.number().int(),
  rowsSaved: z.number().int(),
  accountsReleased: z.number().int().describe("After placed: accounts whose Account Workflow has been queued."),
  workflowRuns: z.number().int().describe("Account Workflow runs queued for the file's accounts (none when the Desk has it off)."),
  released: z.boolean().describe("Placed and every account's Account Workflow queued: nothing is left to do."),
  problem: problemSchema.nullable().describe("Why nothing was placed: the first 100 problems, all counted in the message."),
  createdAt: timestamp,
  updatedAt: timestamp,
  finishedAt: timestamp.nullable(),
});

const jobLocation = (job: { jobId: string }) => `${API_V1_BASE}/placements/jobs/${job.jobId}`;

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
    method: "delete",
    path: "/placements/uploads/:uploadId",
    operationId: "cancelPlacementUpload",
    summary: "Cancel a file sent in parts",
    description: "Deletes the upload and its parts: its slot is free for another file at once. Not while the file is being placed (upload_placing).",
    tag: "placements",
    access: "desk",
    params: uploadParams,
    response: z.strictObject({ uploadId: identifierSchema, cancelled: z.literal(true) }),
    errors: ["upload_placing"],
    handle: async ({ actor, params, services }) => cancelPlacementUpload(services.backOffice, actor, params.uploadId),
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
      "Without it the file is placed as a job: the answer is 202 Accepted at once, with the job and its Location (GET /placements/jobs/{jobId}), while the rows are checked and saved.",
      "Other readers see every account of the file or none: all become live together, then Account Workflow is queued for them, and the upload is deleted: placing it again is not_found.",
      "One file per Desk is placed at a time (placement_in_progress).",
      "A file with many problems lists the first 100 in details and counts them all in the message.",
    ].join(" "),
    tag: "placements",
    access: "desk",
    params: uploadParams,
    query: z.strictObject({ dryRun: dryRunQuery.describe("1 to check only: nothing is saved.") }),
    response: z.union([
      z.strictObject({ dryRun: z.literal(true), saved: z.literal(false), count: z.number().int(), sample: z.array(rowToSave) }),
      z.strictObject({ dryRun: z.literal(false), job: placementJobSchema }),
    ]),
    accepted: (result: { job?: { jobId: string } }) => (result.job === undefined ? undefined : jobLocation(result.job)),
    errors: [
      "agreement_required",
      "upload_incomplete",
      "empty_file",
      "invalid_amount",
      "duplicate_reference",
      "reference_conflict",
      "agency_not_client",
      "forbidden_personal_data",
      "placement_in_progress",
      "upload_placing",
      "preview_in_progress",
    ],
    handle: async ({ actor, params, query, services }) => {
      if (isDryRun(query.dryRun)) {
        const preview = await previewPlacementUpload(services.backOffice, actor, params.uploadId);
        return { dryRun: true, saved: false, count: preview.count, sample: preview.sample };
      }
      return { dryRun: false, job: await placePlacementUpload(services.backOffice, actor, params.uploadId) };
    },
  }),
  defineRoute({
    method: "get",
    path: "/placements/jobs/:jobId",
    operationId: "getPlacementJob",
    summary: "How the placing of a file goes",
    description: [
      "A file being placed: its state and counts, read until it is placed and released, or failed.",
      "While checking or saving nothing of the file is live; placed means every account is live; a failed job placed nothing and says why (the first 100 problems).",
    ].join(" "),
    tag: "placements",
    access: "desk",
    params: pathParams("jobId"),
    response: placementJobSchema,
    errors: [],
    handle: async ({ actor, params, services }) => findPlacementJob(services.backOffice, actor, params.jobId),
  }),
];
