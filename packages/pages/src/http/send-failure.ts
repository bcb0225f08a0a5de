import { requestIdOf, toErrorResponse } from "@connector/http";
import { type MessageKey, message, readerLanguage, sendPage } from "@connector/ui";
import type { Response } from "express";
import type { PagesOptions } from "../pages-options.js";
import type { PageSession } from "../sessions/page-session.js";
import { renderMessagePage } from "../views/shared/message-page.js";

/**
 * A failure on a people's page. What it is answered with (status, code, Retry-After, the request's
 * id) is decided once, by `@connector/http`'s `toErrorResponse`, as on every JSON door; the page
 * only chooses the words: a refusal the domain explained in its own, the service's own failure
 * (5xx) in plain words that name the request. The service's failures are reported, not the
 * caller's mistakes.
 */
export function sendFailure(
  options: PagesOptions,
  res: Response,
  session: PageSession | undefined,
  error: unknown,
  /** The form's page, for a form refused before its handler ran (a file too large): the way back to it. */
  back?: string,
  /** Refused by the body reader, before any handler: said in the catalogue's words where the reader's language is not English. */
  how: { bodyRefused?: boolean } = {},
): void {
  const requestId = requestIdOf(res);
  const { status, headers, body } = toErrorResponse(error, requestId);
  if (status < 500) {
    const next = back === undefined ? undefined : { href: back, label: message("access.failure.back") };
    const words = how.bodyRefused === true ? bodyRefusalWords(body.error) : body.error.message;
    sendPage(res, status, renderMessagePage(session, { title: titleOf(status), status: words, next }), headers);
    return;
  }
  options.reportError?.(error, requestId);
  sendPage(
    res,
    status,
    renderMessagePage(session, {
      title: message(status === 503 ? "shared.failure.busy" : "shared.failure.wrong"),
      // Not "nothing was changed": a failure after a write began may or may not have taken effect.
      status: message("shared.failure.mayHaveTakenEffect", { busy: status === 503 ? "yes" : "no", requestId: requestId ?? "none" }),
    }),
    headers,
  );
}

function titleOf(status: number): string {
  if (status === 404) return message("shared.failure.notFound");
  if (status === 401 || status === 403) return message("shared.failure.notAllowed");
  if (status === 409) return message("shared.failure.changed");
  return message("shared.failure.check");
}

/** What a body reader refuses (http's formBody, placement-body.ts), in the catalogue's words. */
const BODY_REFUSALS: Readonly<Record<string, MessageKey>> = {
  payload_too_large: "access.bodyRefused.tooLarge",
  unsupported_media_type: "access.bodyRefused.compressed",
  invalid_input: "access.bodyRefused.unreadable",
};

/**
 * A body refused before any handler ran (too large, compressed, a NUL character): core's words are
 * English, written for the form that was refused (the place screen's says to turn JavaScript on), so
 * an English reader keeps them and any other reads the catalogue's, in their language (issue 48).
 */
function bodyRefusalWords(error: { code: string; message: string }): string {
  const key = BODY_REFUSALS[error.code];
  return readerLanguage() === "en" || key === undefined ? error.message : message(key);
}
