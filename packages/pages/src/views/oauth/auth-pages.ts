import type { ServerResponse } from "node:http";
import { policyAllowingFormRedirect, sendPage } from "@connector/ui";
import { consentPage } from "./consent-page.js";
import { errorPage } from "./error-page.js";
import { signedOutPage, signInPage } from "./signin-page.js";
import { wrongAccountPage } from "./wrong-account-page.js";

/**
 * The pages the authorization server shows a person, as the port @connector/auth declares
 * (`PersonPages`): apps/server passes this object to `createAuthRouter`, where TypeScript checks
 * the two agree. Neither package imports the other.
 */
export const authPages = {
  signIn: signInPage,
  signedOut: signedOutPage,
  consent: consentPage,
  wrongAccount: wrongAccountPage,
  error: errorPage,
  send(res: ServerResponse, status: number, html: string, options: { formRedirectTo?: string } = {}): void {
    // Consent is answered with a redirect to the app: browsers check that redirect against
    // form-action, so the app's (registered, exact) origin is allowed on that page only.
    const headers: Record<string, string> = {};
    if (options.formRedirectTo !== undefined) headers["Content-Security-Policy"] = policyAllowingFormRedirect(options.formRedirectTo);
    sendPage(res, status, html, headers);
  },
};
