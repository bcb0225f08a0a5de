import type { PageSession } from "../sessions/page-session.js";
import type { ServiceError } from "@connector/core";
import type { BackOfficeActor } from "@connector/core/back-office";
import { findNulCharacter, nulCharacterError } from "@connector/core/guard";
import { closeAfterUnreadBody, formBody, requestIdOf } from "@connector/http";
import { asReaderOf, CSRF_FIELD, message, sendPage } from "@connector/ui";
import type { Request, RequestHandler, Response } from "express";
import { sendFailure } from "./send-failure.js";
import type { PagesOptions } from "../pages-options.js";
import { renderMessagePage } from "../views/shared/message-page.js";
import { type CsvDownload, sendCsv } from "./csv-download.js";
import type { FileDownload } from "./file-download.js";

/** What a page handler gets: the request, the signed-in person and who they act as. */
export interface PageRequest {
  req: Request;
  /** For a cookie the outcome needs (a link shown once); the handler writes the page itself. */
  res: Response;
  session: PageSession;
  actor: BackOfficeActor;
}

/** A page to show (with its status), somewhere to go next (303, after a form), or a file to download (a CSV written as it is read). */
export type PageOutcome = { html: string; status?: number } | { redirect: string } | { csv: CsvDownload } | { file: FileDownload };

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
        // A page opened after the session ended: sign-in says so, then back here.
        res.redirect(303, options.sessions.signInUrl(back(req), options.sessions.hadSession(req) ? { ended: true } : undefined));
        return;
      }
      if (form !== undefined && !session.isValidCsrfToken(form, (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD])) {
        // In the reader's language: a form's body parser may have lost the reader the host's middleware set.
        const expired = () => renderMessagePage(session, { title: message("access.formExpired.title"), status: message("access.formExpired.status") });
        sendPage(res, 403, asReaderOf(req, expired));
        return;
      }
      if (session.actor === undefined) {
        const signedIn = session;
        const noRole = () => renderMessagePage(signedIn, { title: message("access.noRole.title"), status: message("access.noRole.status") });
        sendPage(res, 403, asReaderOf(req, noRole));
        return;
      }
      const page: PageRequest = { req, res, session, actor: session.actor };
      // Entered here again: a form's body parser may have lost the zone the host's middleware set.
      const outcome = await asReaderOf(req, () => handle(page));
      if ("redirect" in outcome) res.redirect(303, outcome.redirect);
      else await send(options, res, outcome);
    } catch (error) {
      asReaderOf(req, () => sendFailure(options, res, session, error));
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
          const outcome = await asReaderOf(req, () => handle(req, session));
          if ("redirect" in outcome) res.redirect(303, outcome.redirect);
          else await send(options, res, outcome);
        } catch (error) {
          asReaderOf(req, () => sendFailure(options, res, session, error));
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
        asReaderOf(req, () => sendFailure(options, res, undefined, error));
        return;
      }
      if (session === undefined) {
        // Its body is never read (spec §8), so what it carried is lost: sign-in names the form that was
        // not sent (its page says so plainly) and leads back to the form's page.
        closeAfterUnreadBody(req, res);
        res.redirect(303, options.sessions.signInUrl(back(req), { ended: true, notSaved: form }));
        return;
      }
      const signedIn = session;
      body(
        req,
        res,
        (error?: unknown) => {
          // A refusal of the body readers arrives as the service's error already (http's formBody, placement-body.ts).
          const refused = error === undefined || error === null || error === "route" ? nulCharacterIn(req) : error;
          // A body reader answers outside the reader's context (its callbacks come from the request stream's
          // events), so the refusal is rendered for the request's reader, as every page here is.
          if (refused === undefined) void run(req, res, form, handle, back, signedIn);
          else asReaderOf(req, () => sendFailure(options, res, signedIn, refused, back(req), { bodyRefused: true }));
        },
        (presented) => signedIn.isValidCsrfToken(form, presented),
      );
    },
  };
}

/** A page, or a file to download. */
async function send(options: PagesOptions, res: Response, outcome: Exclude<PageOutcome, { redirect: string }>): Promise<void> {
  if ("csv" in outcome) await sendCsv(res, outcome.csv, (error) => options.reportError?.(error, requestIdOf(res)));
  else if ("file" in outcome) sendFile(res, outcome.file);
  else sendPage(res, outcome.status ?? 200, outcome.html);
}

/** A person's records as a file: never cached, never sniffed as anything but what it says it is. */
function sendFile(res: Response, file: FileDownload): void {
  res.status(200);
  res.setHeader("Content-Type", file.contentType);
  res.setHeader("Content-Disposition", `attachment; filename="${file.filename}"`);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Length", file.body.length);
  res.end(file.body);
}

/** A form field or uploaded file holding U+0000, which no stored text may (PostgreSQL cannot store it). */
function nulCharacterIn(req: Request): ServiceError | undefined {
  const field = findNulCharacter(req.body);
  if (field !== undefined) return nulCharacterError(field);
  const file = (req as Request & { file?: { buffer: Buffer } }).file;
  return file?.buffer.includes(0) ? nulCharacterError("file") : undefined;
}
