import { z } from "zod";
import { emptyInputSchema } from "../../schemas/tool-inputs.js";
import { defineTool } from "../define-tool.js";
import { LANGUAGES } from "../../resolve/languages.js";
import { RESOLVE_GUIDES } from "../resolve-guide/resolve-guides.js";

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
    "Explains how to review debt-collection contact and prepare document or communication-preference requests, citing Regulation F. General information, not legal advice. In Spanish when the request's Accept-Language prefers Spanish, in English otherwise; `language` says which.",
  inputSchema: emptyInputSchema,
  outputSchema: z.strictObject({
    language: z
      .enum(LANGUAGES)
      .describe("The language the guide is written in: Spanish (es) when the request's Accept-Language prefers it, English (en) otherwise."),
    guide: guideSchema,
  }),
  // No argument chooses the language (spec §4.1: the tool takes none): the request's Accept-Language does.
  handler: async (_input, { language }) => ({ language, guide: RESOLVE_GUIDES[language] }),
});
