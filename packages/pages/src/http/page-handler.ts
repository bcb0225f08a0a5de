import type { PageSession } from "../sessions/page-session.js";
import { isServiceError, ServiceError } from "@connector/core";
import type { BackOfficeActor } from "@connector/core/back-office";
import { findNulCharacter, nulCharacterError } from "@connector/core/guard";
import { closeAfterUnreadBody } from "@connector/http";
import { CSRF_FIELD, inReaderTimeZone, sendPage } from "@connector/ui";
import type { Request, RequestHandler, Response } from "express";
import { formBody } from "./form-body.js";
import type { PagesOptions } from "../pages-options.js";
import { renderMessagePage } from "../views/shared/message-page.js";
import type { CsvDownload } from "./csv-download.js";

/** What a page handler gets: the request, the signed-in person and who they act as. */
export interface PageRequest {
  req: Request;
  session: PageSession;
  actor: BackOfficeActor;
}

/** A page to show (with its status), somewhere to go next (303, after a form), or a CSV file to download. */
export type PageOutcome = { html: string; status?: number } | { redirect: string } | { csv: CsvDownload };

/**
 * Reads a form's body once the session is known. `isValidToken` checks a CSRF token against the
 * session, so a streaming reader (the CSV upload) can refuse before it reads a file part.
 */
export type FormBodyReader = (
  req: Request,
  res: Response,
  next: (error?: unknown) => void,
  isValidToken: (presented: unknown) => boolean,
) => void;

const urlencodedBody: FormBodyReader = (req, res, next) => formBody(req, res, next);

export type PageHandlers = ReturnType<typeof pageHandlers>;

/** Builds the pages' request handlers around the host's sessions and error reporting. */
export function pageHandlers(options: PagesOptions) {
  async function run(
    req: Request,
    res: Response,
    form: string | undefined,
    handle: (page: PageRequest) => Promise<PageOutcome>,
    back: (req: Request) => string,
    known?: PageSession,
  ) {
    let session: PageSession | undefined = known;
    try {
      session ??= await options.sessions.current(req);
      if (session === undefined) {
        // A form sent after the session ended goes back to the page it came from once signed in.
        res.redirect(303, options.sessions.signInUrl(back(req)));
        return;
      }
      if (form !== undefined && !session.isValidCsrfToken(form, (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD])) {
        sendPage(res, 403, renderMessagePage(session, { title: "This form has expired", status: "Reload the page and try again." }));
        return;
      }
      if (session.actor === undefined) {
        sendPage(res, 403, renderMessagePage(session, { title: "Nothing to show", status: "This sign-in belongs to no Desk and no consumer." }));
        return;
      }
      const page: PageRequest = { req, session, actor: session.actor };
      // Entered here again: a form's body parser may have lost the zone the host's middleware set.
      const outcome = await inReaderTimeZone(req, () => handle(page));
      if ("redirect" in outcome) res.redirect(303, outcome.redirect);
      else if ("csv" in outcome) sendCsv(res, outcome.csv);
      else sendPage(res, outcome.status ?? 200, outcome.html);
    } catch (error) {
      sendFailure(options, res, session, error);
    }
  }

  return {
    /** A page anyone may open (an invite link); the person is passed when signed in. */
    open:
      (handle: (req: Request, session: PageSession | undefined) => Promise<PageOutcome>): RequestHandler =>
      async (req, res) => {
        let session: PageSession | undefined;
        try {
          session = await options.sessions.current(req);
          const outcome = await inReaderTimeZone(req, () => handle(req, session));
          if ("redirect" in outcome) res.redirect(303, outcome.redirect);
          else if ("csv" in outcome) sendCsv(res, outcome.csv);
          else sendPage(res, outcome.status ?? 200, outcome.html);
        } catch (error) {
          sendFailure(options, res, session, error);
        }
      },
    /** A signed-in GET page; without a session, sign-in first and back here after. */
    view: (handle: (page: PageRequest) => Promise<PageOutcome>): RequestHandler =>
      (req, res) => run(req, res, undefined, handle, (request) => request.originalUrl),
    /**
     * A signed-in form POST. The session is found from the cookie before a byte of the body is read
     * (a signed-out post is sent to sign-in, its body never read; spec §8, OWASP ASVS V13), then the
     * body (64 KiB at most), then the session's CSRF token for `form`, then the handler. Sent after
     * the session ended, it leads to sign-in and then back to `back` (the form's page).
     */
    form: (
      form: string,
      back: (req: Request) => string,
      handle: (page: PageRequest) => Promise<PageOutcome>,
      body: FormBodyReader = urlencodedBody,
    ): RequestHandler => async (req, res) => {
      let session: PageSession | undefined;
      try {
        session = await options.sessions.current(req);
      } catch (error) {
        sendFailure(options, res, undefined, error);
        return;
      }
      if (session === undefined) {
        closeAfterUnreadBody(req, res);
        res.redirect(303, options.sessions.signInUrl(back(req)));
        return;
      }
      const signedIn = session;
      body(
        req,
        res,
        (error?: unknown) => {
          const refused = error === undefined || error === null || error === "route" ? nulCharacterIn(req) : bodyError(error);
          if (refused === undefined) void run(req, res, form, handle, back, signedIn);
          else sendFailure(options, res, signedIn, refused);
        },
        (presented) => signedIn.isValidCsrfToken(form, presented),
      );
    },
  };
}

/** A person's records as a file: never cached, never sniffed as anything but CSV. */
function sendCsv(res: Response, csv: CsvDownload): void {
  res.status(200);
  res.setHeader("Content-Type", "text/csv; charset=utf-8");
  res.setHeader("Content-Disposition", `attachment; filename="${csv.filename}"`);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Length", Buffer.byteLength(csv.body));
  res.end(csv.body);
}

/** A form field or uploaded file holding U+0000, which no stored text may (PostgreSQL cannot store it). */
function nulCharacterIn(req: Request): ServiceError | undefined {
  const field = findNulCharacter(req.body);
  if (field !== undefined) return nulCharacterError(field);
  const file = (req as Request & { file?: { buffer: Buffer } }).file;
  return file?.buffer.includes(0) ? nulCharacterError("file") : undefined;
}

/** A body the parsers refused, in the service's words (body-parser marks its errors with a status). */
function bodyError(error: unknown): unknown {
  if (isServiceError(error)) return error;
  const status = (error as { status?: unknown }).status;
  if (status === 413) return new ServiceError("payload_too_large", "What you sent is too large. Send less at a time.");
  if (typeof status === "number" && status < 500) return new ServiceError("invalid_input", "The form could not be read. Reload the page and try again.");
  return error;
}

/** A refusal the domain explained is shown with its own words; anything else is a plain 500 page. */
export function sendFailure(options: PagesOptions, res: Response, session: PageSession | undefined, error: unknown): void {
  if (isServiceError(error) && error.status < 500) {
    sendPage(res, error.status, renderMessagePage(session, { title: titleOf(error.status), status: error.message }));
    return;
  }
  const requestId = res.getHeader("x-request-id");
  options.reportError?.(error, typeof requestId === "string" ? requestId : undefined);
  const status = isServiceError(error) ? error.status : 500;
  sendPage(
    res,
    status,
    renderMessagePage(session, {
      title: status === 503 ? "The service is busy" : "Something went wrong",
      // Not "nothing was changed": a failure after a write began may or may not have taken effect.
      status: `What you asked may or may not have taken effect. Reload the page to check before trying again${typeof requestId === "string" ? ` (request ${requestId})` : ""}.`,
    }),
  );
}

function titleOf(status: number): string {
  if (status === 404) return "Not found";
  if (status === 401 || status === 403) return "Not allowed";
  if (status === 409) return "This has changed";
  return "Please check and try again";
}
