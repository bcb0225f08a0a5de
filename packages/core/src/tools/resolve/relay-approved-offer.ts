import { z } from "zod";
import { notFound } from "../../errors/service-error.js";
import { offerReviewPath, RELAY_NOTICE } from "../../resolve/approved-offers.js";
import { relayApprovedOfferInputSchema } from "../../schemas/tool-inputs.js";
import { defineTool } from "../define-tool.js";
import { approvedOfferSchema } from "../output-schemas.js";
import { consumerOf } from "../principal-scope.js";


export const relayApprovedOfferTool = defineTool({
  workspace: "resolve",
  name: "relay_approved_offer",
  access: "read",
  title: "Relay an approved offer",
  description:
    "Reads the active, unexpired terms a creditor or agency already approved for an account the consumer is verified for, verbatim, with offer id, expiry and a review link. Never proposes, negotiates or changes terms.",
  inputSchema: relayApprovedOfferInputSchema,
  outputSchema: z.strictObject({ offer: approvedOfferSchema, notice: z.string() }),
  handler: async (input, { principal, stores, baseUrl, now }) => {
    const offer = await stores.approvedOffers.findRelayableOffer(
      consumerOf(principal),
      input.reference,
      now().toISOString(),
    );
    // One answer for unknown, unverified, expired and withdrawn: it must not reveal which.
    if (offer === undefined) throw notFound("approved offer");
    return {
      offer: { ...offer, reviewUrl: `${baseUrl}${offerReviewPath(offer.offerId)}` },
      notice: RELAY_NOTICE,
    };
  },
});
