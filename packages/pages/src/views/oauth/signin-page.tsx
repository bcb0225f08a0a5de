import { CsrfField, Field, Notice, PAGE_PATHS, renderPage } from "@connector/ui";
import { sessionEndedWords } from "./session-ended-words.js";
import { WAY_IN_ANCHOR } from "../site/home-page.js";

export interface SignInPageInput {
  csrfToken: string;
  returnTo: string | undefined;
  /** Signing in because an app asked to connect: the page says so. */
  forAnApp: boolean;
  email?: string;
  error?: string;
  /** Sent here because the session ended; `notSaved` names the form whose sending did not happen. */
  ended?: { notSaved?: string | undefined } | undefined;
}

export function signInPage(input: SignInPageInput): string {
  return renderPage({
    title: "Sign in",
    path: PAGE_PATHS.signIn,
    width: "narrow",
    children: (
      <>
        <h1>Sign in</h1>
        <p class="muted">
          {input.forAnApp
            ? "An app asked to connect to your workspace. Sign in to review what it asks to do for you."
            : "Sign in to review your connections and the drafts agents saved for you."}
        </p>
        {input.ended === undefined || input.error !== undefined ? null : (
          <Notice tone="warn" role="status" title={sessionEndedWords(input.ended.notSaved).title}>
            <p>{sessionEndedWords(input.ended.notSaved).detail}</p>
          </Notice>
        )}
        {input.error === undefined ? null : (
          <Notice tone="bad" role="alert">
            <p class="error">{input.error}</p>
          </Notice>
        )}
        <form method="post" action={PAGE_PATHS.signIn}>
          <CsrfField token={input.csrfToken} />
          {input.returnTo === undefined ? null : <input type="hidden" name="return_to" value={input.returnTo} />}
          <Field name="email" label="Email" type="email" autocomplete="username" required value={input.email ?? ""} />
          <Field name="password" label="Password" type="password" autocomplete="current-password" required />
          <div class="actions">
            <button class="primary" type="submit">
              Sign in
            </button>
          </div>
        </form>
        <p>
          <a href={`${PAGE_PATHS.home}#${WAY_IN_ANCHOR}`}>No account yet, or forgot your password?</a>
        </p>
      </>
    ),
  });
}

export function signedOutPage(): string {
  return renderPage({
    title: "Signed out",
    width: "narrow",
    children: (
      <>
        <h1>Signed out</h1>
        <p>You are signed out. Your connections keep working until you end them on the Connections screen.</p>
        <div class="actions">
          <a class="button primary" href={PAGE_PATHS.signIn}>
            Sign in again
          </a>
          <a class="button" href={PAGE_PATHS.home}>
            Home
          </a>
        </div>
      </>
    ),
  });
}
