import { z } from "zod";
import { emptyInputSchema } from "../../schemas/tool-inputs.js";
import { defineTool } from "../define-tool.js";
import { RESOLVE_GUIDE } from "../resolve-guide/resolve-guide.js";

const guideSchema = z.strictObject({
  version: z.string(),
  summary: z.string(),
  sections: z.array(
    z.strictObject({
      id: z.string(),
      title: z.string(),
      points: z.array(z.string()),
      citations: z.array(z.string()).describe("Sections of 12 CFR 1006 (Regulation F) behind the points."),
    }),
  ),
  whatThisServiceNeverDoes: z.array(z.string()),
  fees: z.string(),
  notLegalAdvice: z.string(),
});

export const getResolveGuideTool = defineTool({
  workspace: "resolve",
  name: "get_resolve_guide",
  access: "read",
  title: "Get the Resolve guide",
  description:
    "Explains how to review debt-collection contact and prepare document or communication-preference requests, citing Regulation F. General information, not legal advice.",
  inputSchema: emptyInputSchema,
  outputSchema: z.strictObject({ guide: guideSchema }),
  handler: async () => ({ guide: RESOLVE_GUIDE }),
});
