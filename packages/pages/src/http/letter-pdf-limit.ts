import { ServiceError } from "@connector/core";
import { countInFixedWindow, type FixedWindowLimit } from "@connector/core/limits";
import type { FixedWindowCounterStore } from "@connector/core/ports";
import { rateLimitHeaders } from "@connector/http";
import { message } from "@connector/ui";

/**
 * Letter PDFs a person may make in a minute. A PDF costs about 30 ms of the process's one thread
 * with its fonts embedded (parsed once per process; 20 ms with the built-in Helvetica, when 500 at
 * once held `/healthz` for 6 s, issue 51); a person prints a letter a few times at most.
 */
export const LETTER_PDF_LIMIT: FixedWindowLimit = { name: "letter-pdf", limit: 20, windowMs: 60_000 };

/**
 * Counts one letter PDF for the signed-in person (by user id: every browser and address of theirs
 * shares it), with core's one fixed-window rule in the store every process shares. Past the limit,
 * `429 rate_limited` with `Retry-After`, before the PDF is made.
 */
export async function countLetterPdf(counters: FixedWindowCounterStore, userId: string, now: number): Promise<void> {
  const decision = await countInFixedWindow(counters, LETTER_PDF_LIMIT, userId, now);
  if (decision.allowed) return;
  throw new ServiceError("rate_limited", message("resolve.letter.pdfLimited", { seconds: decision.resetSeconds }), {
    headers: rateLimitHeaders(LETTER_PDF_LIMIT, decision),
  });
}
