import { z } from "zod";
import { withoutControlCharacters } from "../guard/control-characters.js";
import { idempotencyKeySchema } from "./idempotency-key.js";

export const CONSUMER_REQUEST_KINDS = ["documents", "contact_preference"] as const;
export const CONSUMER_REQUEST_CHANNELS = ["service", "written", "email", "mail"] as const;

export type ConsumerRequestChannel = (typeof CONSUMER_REQUEST_CHANNELS)[number];

/**
 * `channel` has one meaning everywhere (tool, page, letter, guide): how the person plans to send
 * the request themselves. `service` means not decided yet: the draft just stays saved here (the
 * service never sends or relays anything). These are the page's words for each choice.
 */
export const CONSUMER_REQUEST_CHANNEL_WORDS: Record<ConsumerRequestChannel, string> = {
  service: "not decided yet (it stays saved here)",
  mail: "by mail",
  email: "by email, to an address the collector accepts",
  written: "in writing another way (in person, by courier, or through the collector's website)",
};

const CHANNEL_DESCRIPTION =
  "How the consumer plans to send the request themselves: service = not decided yet, the draft just stays saved " +
  "here (default); mail = by post; email = by email to an address the collector accepts; written = in writing " +
  "another way (in person, by courier, or a website portal the collector accepts). The service never sends or " +
  "relays anything, and a collector cannot reply through it; the choice only shapes the letter's wording.";

/** Spec §2.4: create_consumer_request_draft arguments. */
export const createConsumerRequestDraftInputSchema = z.strictObject({
  kind: z
    .enum(CONSUMER_REQUEST_KINDS)
    .describe(
      "documents = ask the collector for information about the debt (the original creditor's name and address, the amount and how it was reached, the last statement, the date of delinquency, the authority to collect); contact_preference = tell the collector which times, places and ways of contact the consumer does not want, or that a lawyer represents them (the consumer states these on the draft's page).",
    ),
  recipient: withoutControlCharacters(z.string().min(1).max(120)).describe("Who the consumer would address the request to."),
  reference: withoutControlCharacters(z.string().min(1).max(80))
    .optional()
    .describe("The collector's own reference for the debt, from its letter or message, so it can match the request. Never an SSN or a full account number."),
  channel: z.enum(CONSUMER_REQUEST_CHANNELS).default("service").describe(CHANNEL_DESCRIPTION),
  idempotencyKey: idempotencyKeySchema,
});

export type CreateConsumerRequestDraftInput = z.output<typeof createConsumerRequestDraftInputSchema>;
