import { isLanguage } from "@connector/core/resolve";
import { localPath } from "@connector/http";
import { LANGUAGE_COOKIE, PAGE_PATHS } from "@connector/ui";
import type { Request, Response } from "express";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The language switch's address: remembers the person's choice (a cookie, for a year, read by
 * ui's `languageOfRequest` before Accept-Language) and goes back to the page they were reading.
 * A plain GET link, so it works without a script; it changes nothing but how pages read.
 */
export function chooseLanguage(secure: boolean) {
  return (req: Request, res: Response): void => {
    const language = req.params.language;
    const back = localPath(req.query.back) ?? PAGE_PATHS.home;
    if (!isLanguage(language)) {
      res.redirect(303, back);
      return;
    }
    res.cookie(LANGUAGE_COOKIE, language, { path: "/", maxAge: YEAR_SECONDS * 1000, sameSite: "lax", secure, httpOnly: true });
    res.setHeader("Cache-Control", "no-store");
    res.redirect(303, back);
  };
}
