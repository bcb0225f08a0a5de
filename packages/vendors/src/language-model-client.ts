import type { LanguageModel, ReplyRequest } from "@connector/core/ports";
import { MAX_REPLY_CHARACTERS, vendorFailed, vendorNotConfigured } from "@connector/core/routing";
import { z } from "zod";
import { postJson, vendorProblem } from "./post-json.js";
import { isConfigured, type VendorConfig } from "./vendor-config.js";

const replyAnswerSchema = z.object({ reply: z.string() });

/** `POST {url}/v1/reply` with `{ instructions, input, route, maxCharacters }` → `{ reply }`. */
export function createLanguageModelClient(config: VendorConfig): LanguageModel {
  return {
    configured: isConfigured(config),
    async reply(request: ReplyRequest): Promise<string> {
      if (!isConfigured(config)) throw vendorNotConfigured("llm");
      const body = await postJson({
        vendor: "llm",
        baseUrl: config.url,
        path: "v1/reply",
        key: config.key,
        timeoutMs: config.timeoutMs,
        body: { instructions: request.instructions, input: request.text, route: request.route, maxCharacters: MAX_REPLY_CHARACTERS },
      });
      const parsed = replyAnswerSchema.safeParse(body);
      if (!parsed.success) throw vendorFailed("llm", vendorProblem("unexpected_answer"));
      return parsed.data.reply;
    },
  };
}
