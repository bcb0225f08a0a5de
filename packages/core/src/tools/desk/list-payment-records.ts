import { z } from "zod";
import { notFound } from "../../errors/service-error.js";
import { accountIdInputSchema } from "../../schemas/tool-inputs.js";
import { defineTool } from "../define-tool.js";
import { paymentRecordSchema } from "../output-schemas.js";
import { deskOf } from "../principal-scope.js";

/** Spec §8: up to 100 payment records per read. */
export const PAYMENT_RECORDS_LIMIT = 100;

export const listPaymentRecordsTool = defineTool({
  workspace: "desk",
  name: "list_payment_records",
  access: "read",
  title: "List payment records",
  description:
    "Returns up to 100 recorded payment events for one account, newest first, without card details. Does not charge, schedule, refund or transfer money.",
  inputSchema: accountIdInputSchema,
  outputSchema: z.strictObject({ accountId: z.string(), paymentRecords: z.array(paymentRecordSchema) }),
  handler: async (input, { principal, stores }) => {
    const accountId = input.accountId;
    const paymentRecords = await stores.paymentRecords.listPaymentRecords(
      deskOf(principal),
      accountId,
      PAYMENT_RECORDS_LIMIT,
    );
    if (paymentRecords === undefined) throw notFound("account");
    return { accountId, paymentRecords };
  },
});
