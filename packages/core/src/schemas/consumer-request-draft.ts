import { z } from "zod";
import { idempotencyKeySchema } from "./idempotency-key.js";

export const CONSUMER_REQUEST_KINDS = ["documents", "contact_preference"] as const;
export const CONSUMER_REQUEST_CHANNELS = ["service", "written", "email", "mail"] as const;

/** How the reply is asked for, in the request's own words ("Please reply by email"); pages use them too. */
export const CONSUMER_REQUEST_CHANNEL_WORDS: Record<(typeof CONSUMER_REQUEST_CHANNELS)[number], string> = {
  service: "through this service",
  written: "in writing",
  email: "by email",
  mail: "by mail",
};

/** Spec §2.4: create_consumer_request_draft arguments. */
export const createConsumerRequestDraftInputSchema = z.strictObject({
  kind: z.enum(CONSUMER_REQUEST_KINDS),
  recipient: z.string().min(1).max(120).describe("Who the consumer would address the request to."),
  reference: z.string().min(1).max(80).optional(),
  channel: z.enum(CONSUMER_REQUEST_CHANNELS).default("service"),
  idempotencyKey: idempotencyKeySchema,
});

export type CreateConsumerRequestDraftInput = z.output<typeof createConsumerRequestDraftInputSchema>;
