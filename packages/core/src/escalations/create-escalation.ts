import { z } from "zod";
import { assertDeskActor, type BackOfficeActor } from "../back-office/back-office-actor.js";
import { type BackOfficeDeps, clockOf } from "../back-office/back-office-deps.js";
import { newId } from "../ids/uuid-v7.js";
import { parseArguments } from "../schemas/parse-arguments.js";

export const ESCALATION_REASONS = [
  "needs_human_review",
  "consumer_dispute",
  "complaint",
  "legal_question",
  "technical_problem",
  "other",
] as const;

/** POST /api/v1/escalations. */
export const escalationInputSchema = z.strictObject({
  reason: z.enum(ESCALATION_REASONS).describe("Why a person is needed."),
  context: z.string().trim().min(1).max(4000).describe("What happened and what the person should look at. No personal data."),
  accountReference: z.string().trim().min(1).max(80).optional().describe("The desk's reference of the account concerned, if any."),
});

export interface EscalationReceipt {
  escalationId: string;
  status: "open";
  createdAt: string;
  notice: string;
}

export const ESCALATION_NOTICE =
  "A person at the service will look at this. Nothing was sent to anyone and no account was changed.";

/**
 * Records a request for a human (an agent that should not decide alone). Reason and context are
 * checked by the personal-data guard before anything is stored; the answer is the escalation's id.
 */
export async function createEscalation(deps: BackOfficeDeps, actor: BackOfficeActor, input: unknown): Promise<EscalationReceipt> {
  assertDeskActor(actor);
  const parsed = parseArguments(escalationInputSchema, input);
  const now = clockOf(deps);
  const escalationId = newId(now.getTime());
  await deps.stores.escalations.create({
    escalationId,
    deskId: actor.deskId,
    userId: actor.userId,
    reason: parsed.reason,
    context: parsed.context,
    accountReference: parsed.accountReference ?? null,
    createdAt: now.toISOString(),
  });
  return { escalationId, status: "open", createdAt: now.toISOString(), notice: ESCALATION_NOTICE };
}
