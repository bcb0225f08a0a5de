import { z } from "zod";
import { listAccountsInputSchema } from "../../schemas/tool-inputs.js";
import { defineTool } from "../define-tool.js";
import { accountSchema } from "../output-schemas.js";
import { deskOf } from "../principal-scope.js";

export const listAccountsTool = defineTool({
  workspace: "desk",
  name: "list_accounts",
  access: "read",
  title: "List accounts",
  description:
    "Returns a page of accounts owned by the connected Desk with face amounts and case status. Pass nextCursor as cursor to continue. Does not search people or calculate payoffs.",
  inputSchema: listAccountsInputSchema,
  outputSchema: z.strictObject({
    accounts: z.array(accountSchema),
    nextCursor: z.string().nullable().describe("Pass as cursor for the next page; null on the last page."),
  }),
  handler: async (input, { principal, stores }) => {
    const page = await stores.accounts.listAccounts(deskOf(principal), {
      limit: input.limit,
      ...(input.cursor === undefined ? {} : { after: input.cursor }),
    });
    return { accounts: page.accounts, nextCursor: page.nextCursor };
  },
});
