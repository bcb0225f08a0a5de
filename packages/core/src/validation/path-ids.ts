import { z } from "zod";
import { identifierSchema } from "../schemas/identifier.js";

/**
 * Every id a path carries, one schema per kind, so `/api/v1/drafts/{draftId}` and the page
 * `/drafts/:draftId` accept (and normalise) exactly the same ids. All are UUIDs the service minted.
 */
const PATH_IDS = {
  draftId: identifierSchema,
  offerId: identifierSchema,
  inviteId: identifierSchema,
  keyId: identifierSchema,
  grantId: identifierSchema,
  runId: identifierSchema,
  uploadId: identifierSchema,
  jobId: identifierSchema,
} as const;

export type PathIdName = keyof typeof PATH_IDS;

export const PATH_ID_NAMES = Object.keys(PATH_IDS) as PathIdName[];

/** The schema of one kind of path id. */
export function pathIdSchema(name: PathIdName): typeof identifierSchema {
  return PATH_IDS[name];
}

/** A path's parameters as a route declares them (`pathParams("draftId")`): these ids and nothing else. */
export function pathParams<N extends PathIdName>(...names: N[]): z.ZodObject<{ [K in N]: typeof identifierSchema }, z.core.$strict> {
  return z.strictObject(Object.fromEntries(names.map((name) => [name, PATH_IDS[name]]))) as unknown as z.ZodObject<
    { [K in N]: typeof identifierSchema },
    z.core.$strict
  >;
}
