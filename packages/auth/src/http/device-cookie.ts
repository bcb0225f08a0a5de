import { createHmac, randomBytes } from "node:crypto";
import type { UserRecord } from "@connector/core/ports";
import type { Request, Response } from "express";
import { constantTimeEqual, sha256Hex } from "../crypto/secrets.js";
import type { CookieSettings } from "./cookies.js";
import { readCookie } from "@connector/http";

/** How long a browser stays known for an account after it signed in there. */
const DEVICE_COOKIE_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/** A browser that signed in to this account before: `id` names it (hashed) for its own failure count. */
export interface KnownDevice {
  id: string;
}

/**
 * The key a user's device cookies are signed with, derived from that user's stored password hash: a
 * secret only the server holds (salted scrypt output, never sent anywhere), the same on every process
 * without configuration, and changed with the password, which retires every device cookie at once.
 */
function deviceKey(user: UserRecord): Buffer {
  return createHmac("sha256", user.passwordHash).update("connector device cookie v1").digest();
}

const signature = (user: UserRecord, payload: string) => createHmac("sha256", deviceKey(user)).update(payload).digest("base64url");

/**
 * OWASP's device cookie ("Slow Down Online Guessing Attacks with Device Cookies"): after a successful
 * sign-in the browser gets `<userId>.<expiresAt>.<nonce>.<HMAC>`. No email and nothing secret in it;
 * nothing stored server-side. The sign-in pace lets a browser holding a valid one for the account
 * past the account's pace, so others' failures cannot lock the owner out.
 */
export function issueDeviceCookie(res: Response, cookies: CookieSettings, user: UserRecord, now: number): void {
  const expiresAt = Math.floor((now + DEVICE_COOKIE_TTL_MS) / 1000);
  const payload = `${user.userId}.${expiresAt}.${randomBytes(16).toString("base64url")}`;
  res.cookie(cookies.device, `${payload}.${signature(user, payload)}`, { ...cookies.options, maxAge: DEVICE_COOKIE_TTL_MS });
}

/** The browser's device cookie when it is valid, unexpired and for `user` (the account the email names); else undefined. */
export function knownDevice(req: Request, cookies: CookieSettings, user: UserRecord | undefined, now: number): KnownDevice | undefined {
  const value = readCookie(req.headers, cookies.device);
  if (user === undefined || value === undefined) return undefined;
  const parts = value.split(".");
  if (parts.length !== 4) return undefined;
  const [userId, expiresAt, nonce, presented] = parts as [string, string, string, string];
  if (userId !== user.userId || !(Number(expiresAt) * 1000 > now)) return undefined;
  if (!constantTimeEqual(signature(user, `${userId}.${expiresAt}.${nonce}`), presented)) return undefined;
  return { id: sha256Hex(`device:${nonce}`) };
}
