import type { CookieOptions } from "express";
import { isHttps } from "../base-url.js";

export interface CookieSettings {
  session: string;
  signIn: string;
  /** OWASP's device cookie: this browser signed in to an account before (`device-cookie.ts`). */
  device: string;
  options: CookieOptions;
}

/**
 * HttpOnly and SameSite=Lax always. Over https also `Secure` and the `__Host-` prefix, which makes
 * the browser refuse the cookie unless it is Secure, host-only and Path=/ — so no sibling
 * subdomain can plant or overwrite it (RFC 6265bis §4.1.3.2). Plain http is only for loopback
 * development, where browsers would drop a Secure cookie.
 */
export function cookieSettings(baseUrl: string): CookieSettings {
  const secure = isHttps(baseUrl);
  const prefix = secure ? "__Host-" : "";
  return {
    session: `${prefix}connector_session`,
    signIn: `${prefix}connector_signin`,
    device: `${prefix}connector_device`,
    options: { httpOnly: true, sameSite: "lax", secure, path: "/" },
  };
}
