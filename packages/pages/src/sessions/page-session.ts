import type { IncomingHttpHeaders } from "node:http";
import type { BackOfficeActor } from "@connector/core/back-office";
import type { PersonAccountView, UserConnection } from "@connector/core/ports";
import type { SignedInPerson } from "@connector/ui";

/**
 * What the pages need from sign-in, declared here (the pages are its users) and implemented by
 * @connector/auth (`createPageSessions`), so the pages never depend on the authorization server.
 */

/** A signed-in person's account as a page sees it (core's shape): never the password hash. */
export type PageUser = PersonAccountView;

/** The signed-in person as a page needs them: who they are, how to protect their forms. */
export interface PageSession {
  user: PageUser;
  /** Who they act as in the back office (their desk, else their consumer); undefined if neither. */
  actor: BackOfficeActor | undefined;
  /** What the shared layout's header shows: name, kinds, the sign-out form's token. */
  person: SignedInPerson;
  /** The CSRF token of one kind of form (e.g. `"revoke-connection"`), bound to this session. */
  csrfToken(form: string): string;
  /** Whether a submitted `csrf_token` is this session's token for that kind of form. */
  isValidCsrfToken(form: string, presented: unknown): boolean;
}

export interface PageSessions {
  /** The person signed in on this request (by the session cookie), or undefined. */
  current(request: { headers: IncomingHttpHeaders }): Promise<PageSession | undefined>;
  /**
   * Where to send someone who must sign in first; after sign-in they come back to `returnTo` (a path
   * here). With a reason, the sign-in page says their session ended, and which form was not sent.
   */
  signInUrl(returnTo: string, reason?: { ended: true; notSaved?: string | undefined }): string;
  /** Whether the request carries a session cookie that no longer signs anyone in (the session ended). */
  hadSession(request: { headers: IncomingHttpHeaders }): boolean;
}

/** One of a person's connections with its trail (declared by core, filled in by the host). */
export type { UserConnection };
