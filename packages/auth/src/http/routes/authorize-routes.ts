import type { Scope } from "@connector/core";
import { readOnlyScopes } from "@connector/core/policy";
import { readFormBody } from "@connector/http";
import { type Response, Router } from "express";
import {
  type AuthorizationRequest,
  type AuthorizationTarget,
  checkAuthorizationRequest,
  checkAuthorizationTarget,
  stateForErrorResponse,
} from "../../authorize/authorization-request.js";
import { errorResponseUrl, successResponseUrl } from "../../authorize/authorization-response.js";
import { checkWorkspaceSubject, mayConnect } from "../../authorize/check-workspace-subject.js";
import { issueAuthorizationCode } from "../../authorize/issue-authorization-code.js";
import { canonicalScopes } from "../../checks/check-scope.js";
import type { AuthContext } from "../../context.js";
import { ENDPOINT_PATHS } from "../../discovery/endpoints.js";
import { AccessDeniedError } from "../../errors/oauth-error.js";
import { publishedHost } from "../../authorize/published-host.js";
import { signedInPerson } from "../../page-sessions/signed-in-user.js";
import { type ParamReader, paramReader } from "../../params.js";
import type { CookieSettings } from "../cookies.js";
import { csrfToken, isValidCsrfToken } from "../csrf.js";
import { safeReturnTo, signInUrl } from "../return-to.js";
import { asOAuthError, noStore, sendErrorPage } from "../send.js";
import { requestContext } from "../request-context.js";
import { currentSession } from "../session.js";


/**
 * The authorization endpoint (RFC 6749 §3.1, spec §5.1.2) and the consent form it shows.
 * GET validates the request, signs the person in if needed, and shows consent; POST to the consent
 * path re-validates the request from the form and answers the client by redirect.
 */
export function authorizeRoutes(context: AuthContext, cookies: CookieSettings): Router {
  const router = Router();
  const { pages } = context;

  /** Error responses go to the trusted redirect URI with `state` and `iss` (RFC 6749 §4.1.2.1, RFC 9207). */
  const redirectWithError = (res: Response, status: 302 | 303, redirectUri: string, error: unknown, state?: string) => {
    noStore(res);
    res.redirect(status, errorResponseUrl(redirectUri, context.baseUrl, asOAuthError(error, requestContext(context, res).logger), state));
  };

  /**
   * The person must be able to act in the workspace (a desk member for Desk, a consumer for
   * Resolve). When consent is given, a person who cannot (the session changed since the form was
   * shown) answers the client with `access_denied`; false once it has been answered.
   */
  const subjectMayConnect = (
    res: Response,
    status: 302 | 303,
    request: AuthorizationRequest,
    user: Parameters<typeof checkWorkspaceSubject>[0],
  ): boolean => {
    try {
      checkWorkspaceSubject(user, request.workspace);
      return true;
    } catch (error) {
      redirectWithError(res, status, request.redirectUri, error, request.state);
      return false;
    }
  };

  /** Both stages of validation; undefined when a response has already been sent. */
  const validate = async (
    res: Response,
    params: ParamReader,
    redirectStatus: 302 | 303,
    requester: string | undefined,
  ): Promise<AuthorizationRequest | undefined> => {
    let target: AuthorizationTarget;
    try {
      target = await checkAuthorizationTarget(context.findClient, params, requester);
    } catch (error) {
      sendErrorPage(context, res, error, { appCannotConnect: true });
      return undefined;
    }
    try {
      return checkAuthorizationRequest(context.baseUrl, target, params);
    } catch (error) {
      redirectWithError(res, redirectStatus, target.redirectUri, error, stateForErrorResponse(params));
      return undefined;
    }
  };

  router.get(ENDPOINT_PATHS.authorization, async (req, res) => {
    try {
      const request = await validate(res, paramReader(req.query), 302, req.ip);
      if (request === undefined) return;
      const signedIn = await currentSession(context, cookies, req);
      if (signedIn === undefined) {
        noStore(res);
        res.redirect(302, signInUrl(safeReturnTo(req.originalUrl)));
        return;
      }
      const forms = {
        action: ENDPOINT_PATHS.consent,
        consent: csrfToken(signedIn.secret, "consent"),
        person: signedInPerson(signedIn.user, signedIn.secret),
        returnTo: safeReturnTo(req.originalUrl),
      };
      // The wrong kind of account (a Desk owner asked for Resolve) is told so and may switch accounts,
      // rather than the app being answered access_denied behind the person's back.
      // Both pages post to the consent endpoint, which answers with a redirect to the app: the browser
      // checks that redirect against form-action, so the app's (registered, exact) origin is allowed.
      const formRedirectTo = request.redirectUri;
      const shown = { ...request, publishedHost: publishedHost(request.client) };
      if (!mayConnect(signedIn.user, request.workspace)) {
        pages.send(res, 403, pages.wrongAccount(shown, signedIn.user, forms), { formRedirectTo });
        return;
      }
      pages.send(res, 200, pages.consent(shown, signedIn.user, forms), { formRedirectTo });
    } catch (error) {
      sendErrorPage(context, res, error);
    }
  });

  router.post(ENDPOINT_PATHS.consent, async (req, res) => {
    try {
      // Who is signed in is known before a byte of the form is read: a signed-out post's body is never read.
      const signedIn = await currentSession(context, cookies, req);
      if (signedIn === undefined) {
        pages.send(res, 400, pages.error({ reason: "consent-session-ended" }));
        return;
      }
      await readFormBody(req, res);
      if (!isValidCsrfToken(signedIn.secret, "consent", req.body?.csrf_token)) {
        pages.send(res, 403, pages.error({ reason: "consent-form-expired" }));
        return;
      }
      const params = paramReader(req.body);
      const request = await validate(res, params, 303, req.ip);
      if (request === undefined) return;
      // Spec §5.1.8: the person may deny, allow only some of the requested scopes, or allow reading alone.
      const decision = params("decision");
      if (decision !== "allow" && decision !== READ_ONLY_DECISION) {
        redirectWithError(res, 303, request.redirectUri, new AccessDeniedError("The request was denied."), request.state);
        return;
      }
      const granted =
        decision === READ_ONLY_DECISION
          ? grantedScopes(readOnlyScopes(request.workspace), request.scopes)
          : grantedScopes(req.body?.granted_scope, request.scopes);
      if (granted.length === 0) {
        redirectWithError(res, 303, request.redirectUri, new AccessDeniedError("No permission was allowed."), request.state);
        return;
      }
      if (!subjectMayConnect(res, 303, request, signedIn.user)) return;
      const code = await issueAuthorizationCode(context.stores, context.now, request, signedIn.user, granted);
      noStore(res);
      // RFC 9700 §4.12: 303 so the browser does not re-POST the form to the client.
      res.redirect(303, successResponseUrl(request.redirectUri, context.baseUrl, code, request.state));
    } catch (error) {
      sendErrorPage(context, res, error);
    }
  });

  return router;
}

/**
 * Consent's "Allow read only": the workspace's read scope alone (core's `readOnlyScopes`), whatever
 * boxes are ticked, so the agent can look and never save a draft.
 */
const READ_ONLY_DECISION = "allow-read-only";

/** The ticked boxes, kept only where they were requested: a form can remove scopes, never add them. */
function grantedScopes(ticked: unknown, requested: readonly Scope[]): Scope[] {
  const values = Array.isArray(ticked) ? ticked : ticked === undefined ? [] : [ticked];
  return canonicalScopes(requested.filter((scope) => values.includes(scope)));
}
