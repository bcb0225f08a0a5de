import { randomBytes } from "node:crypto";
import { formBody, readCookie } from "@connector/http";
import { type Request, type Response, Router } from "express";
import type { AuthContext } from "../../context.js";
import { ENDPOINT_PATHS } from "../../discovery/endpoints.js";
import { checkPassword, findAccount } from "../../users/authenticate-user.js";
import type { CookieSettings } from "../cookies.js";
import { csrfToken, isValidCsrfToken } from "../csrf.js";
import { accountSignInPace, type SignInAttempt } from "../account-sign-in-pace.js";
import { issueDeviceCookie, knownDevice } from "../device-cookie.js";
import { addressOf, addressSignInLimit } from "../rate-limits.js";
import { requestContext } from "../request-context.js";
import { safeReturnTo, signInReasonOf, signInUrl } from "../return-to.js";
import { noStore, sendErrorPage } from "../send.js";
import { currentSession, endSession, startSession } from "../session.js";

const SIGN_IN_FORM_TTL_MS = 60 * 60 * 1000;
/** Where a sign-in opened directly lands: the front door, which shows a signed-in person where to go. */
const SIGNED_IN_HOME = "/";
/** Whether a sign-in goes on to an app's authorization request (the page tells the person so). */
const forAnApp = (returnTo: string | undefined) => returnTo?.startsWith(ENDPOINT_PATHS.authorization) ?? false;

/** Email and password sign-in, and sign-out, with server-side sessions (issue 3 §1). */
export function signInRoutes(context: AuthContext, cookies: CookieSettings, failedSignInsPer15Minutes: number): Router {
  const router = Router();
  const { pages } = context;
  const accountPace = accountSignInPace(context);
  const addressLimit = addressSignInLimit(context, failedSignInsPer15Minutes);

  /** The sign-in form's CSRF key: a random cookie set with the form, since no session exists yet (login CSRF). */
  const formSecret = (req: Request, res: Response): string => {
    const existing = readCookie(req.headers, cookies.signIn);
    if (existing !== undefined) return existing;
    const secret = randomBytes(32).toString("base64url");
    res.cookie(cookies.signIn, secret, { ...cookies.options, maxAge: SIGN_IN_FORM_TTL_MS });
    return secret;
  };

  router.get(ENDPOINT_PATHS.signIn, async (req, res) => {
    try {
      const returnTo = safeReturnTo(req.query.return_to);
      // Someone already signed in who opens the form with nowhere to go back to is sent home, where the
      // page shows who they are and how to sign out; with a return_to the form stays (signing in as another).
      if (returnTo === undefined && (await currentSession(context, cookies, req)) !== undefined) {
        noStore(res);
        res.redirect(303, SIGNED_IN_HOME);
        return;
      }
      const ended = signInReasonOf(req.query as Record<string, unknown>);
      pages.send(
        res,
        200,
        pages.signIn({ csrfToken: csrfToken(formSecret(req, res), "signin"), returnTo, forAnApp: forAnApp(returnTo), ended: ended === undefined ? undefined : { notSaved: ended.notSaved } }),
      );
    } catch (error) {
      sendErrorPage(context, res, error);
    }
  });

  router.post(ENDPOINT_PATHS.signIn, formBody, async (req, res) => {
    // A failed sign-in is a security event; the line names the request, never the email tried.
    const failed = (reason: string) => requestContext(context, res).logger.warn({ reason }, "sign-in failed");
    try {
      const returnTo = safeReturnTo(req.body?.return_to);
      const email = typeof req.body?.email === "string" ? req.body.email : "";
      const password = typeof req.body?.password === "string" ? req.body.password : "";
      if (!isValidCsrfToken(readCookie(req.headers, cookies.signIn), "signin", req.body?.csrf_token)) {
        failed("form token invalid");
        const token = csrfToken(formSecret(req, res), "signin");
        pages.send(res, 403, pages.signIn({ csrfToken: token, returnTo, forAnApp: forAnApp(returnTo), email, error: { reason: "form-expired" } }));
        return;
      }
      const attemptedAt = context.now();
      const account = await findAccount(context.stores.users, email);
      const attempt: SignInAttempt = { email, address: addressOf(req), device: knownDevice(req, cookies, account, attemptedAt) };
      // The address's limit counts every untrusted attempt; a browser the account trusts (its device
      // cookie) is paced by its own failures only, so no one sharing the owner's address locks them out.
      const countedForAddress = !(await accountPace.trusts(attempt));
      // Refused: the limit logged it and sent its page.
      if (countedForAddress && !(await addressLimit.admit(res, attempt.address, attemptedAt))) return;
      const paced = await accountPace.admit(attempt);
      if (paced !== undefined) {
        failed("account paced after repeated failures");
        res.set("Retry-After", String(paced.resetSeconds));
        const token = csrfToken(formSecret(req, res), "signin");
        const error = { reason: "paced", seconds: paced.resetSeconds } as const;
        pages.send(res, 429, pages.signIn({ csrfToken: token, returnTo, forAnApp: forAnApp(returnTo), email, error }));
        return;
      }
      const user = await checkPassword(account, password);
      if (user === undefined) {
        failed("wrong email or password");
        await accountPace.failed(attempt);
        const token = csrfToken(formSecret(req, res), "signin");
        pages.send(res, 401, pages.signIn({ csrfToken: token, returnTo, forAnApp: forAnApp(returnTo), email, error: { reason: "incorrect" } }));
        return;
      }
      if (countedForAddress) addressLimit.succeeded(attempt.address, attemptedAt);
      res.clearCookie(cookies.signIn, cookies.options);
      // This browser is now known for the account: others' failed guesses no longer pace it.
      issueDeviceCookie(res, cookies, user, context.now());
      // The browser's previous session (someone else's, perhaps) ends on the server, not only in the cookie jar.
      await startSession(context, cookies, res, user, readCookie(req.headers, cookies.session));
      // Back to the request that needed a sign-in, or to the signed-in home (the front door's links).
      noStore(res);
      res.redirect(303, returnTo ?? SIGNED_IN_HOME);
    } catch (error) {
      sendErrorPage(context, res, error);
    }
  });

  router.post(ENDPOINT_PATHS.signOut, formBody, async (req, res) => {
    try {
      const signedIn = await currentSession(context, cookies, req);
      if (signedIn !== undefined && !isValidCsrfToken(signedIn.secret, "signout", req.body?.csrf_token)) {
        pages.send(res, 403, pages.error({ reason: "sign-out-form-expired" }));
        return;
      }
      await endSession(context, cookies, req, res);
      const returnTo = safeReturnTo(req.body?.return_to);
      if (returnTo !== undefined) {
        noStore(res);
        res.redirect(303, signInUrl(returnTo));
        return;
      }
      pages.send(res, 200, pages.signedOut());
    } catch (error) {
      sendErrorPage(context, res, error);
    }
  });

  return router;
}
