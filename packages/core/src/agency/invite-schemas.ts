import { z } from "zod";
import { identifierSchema } from "../schemas/identifier.js";

export const INVITE_DEFAULT_DAYS = 7;
export const INVITE_MAX_DAYS = 30;

/** POST /api/v1/agency/invites. */
export const mintInviteInputSchema = z.strictObject({
  label: z.string().trim().min(1).max(120).optional().describe("A note for the agency, e.g. the client's company name."),
  expiresInDays: z
    .number()
    .int()
    .min(1)
    .max(INVITE_MAX_DAYS)
    .default(INVITE_DEFAULT_DAYS)
    .describe("Days until the link stops working."),
});

/** The token from an invite link; a shape check only, so unknown tokens fail like any other. */
export const inviteTokenSchema = z.string().min(1).max(200).describe("The token from the invite link `{base_url}/invite/<token>`.");

/** POST /api/v1/agency/invites/redeem. */
export const redeemInviteInputSchema = z.strictObject({ token: inviteTokenSchema });

/** GET /api/v1/agency/invites/peek?token=. */
export const peekInviteQuerySchema = z.strictObject({ token: inviteTokenSchema });

export type MintInviteInput = z.output<typeof mintInviteInputSchema>;
export type RedeemInviteInput = z.output<typeof redeemInviteInputSchema>;

/** POST /api/v1/agency/invites/{inviteId}/revoke: the path parameter. */
export const inviteIdSchema = z.strictObject({ inviteId: identifierSchema });
