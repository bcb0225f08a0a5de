import type { ServerResponse } from "node:http";
import type {
  AuthorizationRequestView,
  ConsentForms,
  ErrorPageView,
  PersonAccountView,
  SignedInPersonView,
  SignInError,
  SignInView,
} from "@connector/core/ports";

/*
 * What the authorization server shows a person, declared here as a port: the host binds the
 * people's pages to it (apps/server passes @connector/pages' `authPages`), so the OAuth server
 * installs nothing that renders pages and the pages never import the OAuth server.
 */

/** The shapes both sides pass (core's, written once there). */
export type { AuthorizationRequestView, ConsentForms, ErrorPageView, SignedInPersonView, SignInError, SignInView };

/** A person's account as a page may show it: never the password hash. */
export type AccountView = PersonAccountView;

export interface PersonPages {
  signIn(view: SignInView): string;
  signedOut(): string;
  consent(request: AuthorizationRequestView, account: AccountView, forms: ConsentForms): string;
  /** The signed-in account cannot connect the workspace asked for (a Desk owner asked for Resolve). */
  wrongAccount(request: AuthorizationRequestView, account: AccountView, forms: ConsentForms): string;
  error(view: ErrorPageView): string;
  /**
   * Writes a rendered page with the pages' headers. `formRedirectTo` names an origin the page's
   * form may be answered with a redirect to (consent answers the app at its redirect URI).
   */
  send(res: ServerResponse, status: number, html: string, options?: { formRedirectTo?: string }): void;
}
