import { newId } from "@connector/core/domain";
import { readCookie } from "@connector/http";
import type { UserRecord } from "@connector/core/ports";
import type { Request, Response } from "express";
import { isoAt } from "../clock.js";
import type { AuthContext } from "../context.js";
import { newSecret, sha256Hex } from "../crypto/secrets.js";
import { SESSION_TTL_MS } from "../lifetimes.js";
import type { CookieSettings } from "./cookies.js";
import { readSession, type SignedIn } from "../page-sessions/signed-in-user.js";

/** The signed-in person behind the session cookie, if the session is live and the user still exists. */
export async function currentSession(
  context: AuthContext,
  cookies: CookieSettings,
  req: Request,
): Promise<SignedIn | undefined> {
  return readSession(context.stores, context.now, cookies.session, req.headers);
}

/**
 * A new server-side session after a successful sign-in. Always a fresh identifier (never one the
 * browser brought), so a planted cookie cannot become a signed-in session (session fixation). The
 * session the browser had before (`previousSecret`) is deleted: signing in as someone else without
 * signing out must not leave the first person's session usable until it expires (OWASP ASVS V3.3).
 */
export async function startSession(
  context: AuthContext,
  cookies: CookieSettings,
  res: Response,
  user: UserRecord,
  previousSecret?: string,
): Promise<void> {
  if (previousSecret !== undefined) await context.stores.sessions.delete(sha256Hex(previousSecret));
  const now = context.now();
  const secret = newSecret("ss");
  await context.stores.sessions.create({
    sessionId: newId(now),
    secretHash: sha256Hex(secret),
    userId: user.userId,
    createdAt: isoAt(now),
    expiresAt: isoAt(now + SESSION_TTL_MS),
  });
  res.cookie(cookies.session, secret, { ...cookies.options, maxAge: SESSION_TTL_MS });
}

export async function endSession(
  context: AuthContext,
  cookies: CookieSettings,
  req: Request,
  res: Response,
): Promise<void> {
  const secret = readCookie(req.headers, cookies.session);
  if (secret !== undefined) await context.stores.sessions.delete(sha256Hex(secret));
  res.clearCookie(cookies.session, cookies.options);
}
