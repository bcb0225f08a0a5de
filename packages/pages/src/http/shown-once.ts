import { readCookie } from "@connector/http";
import type { Request, Response } from "express";

/**
 * A secret shown once after a form (an invitation link), carried across the form's redirect
 * (POST-redirect-GET) in a short-lived cookie that only the page showing it reads, and clears as it
 * does. So reloading that page never creates a second one, and the secret never sits in an address,
 * a log line or the browser's history. The service keeps only its hash.
 */
export interface ShownOnce {
  /** The record it belongs to (the page's `?created=` id); a cookie for another record is ignored. */
  id: string;
  secret: string;
}

const MAX_AGE_MS = 5 * 60 * 1000;

export function shownOnceCookie(name: string, path: string, secure: boolean) {
  const options = { httpOnly: true, sameSite: "strict" as const, secure, path };
  return {
    /** Sets it on the form's redirect. */
    set(res: Response, value: ShownOnce): void {
      res.cookie(name, JSON.stringify(value), { ...options, maxAge: MAX_AGE_MS });
    },
    /** Reads it for `id` and clears it: the secret is on this page, and only this one. */
    take(req: Request, res: Response, id: string): string | undefined {
      const raw = readCookie(req.headers, name);
      if (raw === undefined) return undefined;
      res.clearCookie(name, options);
      try {
        const value = JSON.parse(raw) as Partial<ShownOnce>;
        return value.id === id && typeof value.secret === "string" ? value.secret : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
