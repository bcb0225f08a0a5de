import { z } from "zod";
import { notFound } from "../../errors/service-error.js";
import { accountIdInputSchema } from "../../schemas/tool-inputs.js";
import { defineTool } from "../define-tool.js";
import { accountSchema } from "../output-schemas.js";
import { deskOf } from "../principal-scope.js";

export const getCaseStatusTool = defineTool({
  workspace: "desk",
  name: "get_case_status",
  access: "read",
  title: "Get case status",
  description: "Returns one account's current recorded case status and face amount. Use an accountId from list_accounts.",
  inputSchema: accountIdInputSchema,
  outputSchema: z.strictObject({ account: accountSchema }),
  handler: async (input, { principal, stores }) => {
    const account = await stores.accounts.getAccount(deskOf(principal), input.accountId);
    if (account === undefined) throw notFound("account");
    return { account };
  },
});
