import type { SignInError, SignInView } from "@connector/core/ports";
import { CsrfField, Field, message, Notice, PAGE_PATHS, renderPage } from "@connector/ui";
import { sessionEndedWords } from "./session-ended-words.js";
import { WAY_IN_ANCHOR } from "../site/home-page.js";

function errorWords(error: SignInError): string {
  switch (error.reason) {
    case "form-expired":
      return message("oauth.signIn.error.formExpired");
    case "incorrect":
      return message("oauth.signIn.error.incorrect");
    case "paced":
      return message("oauth.signIn.error.paced", { seconds: error.seconds });
  }
}

export function signInPage(input: SignInView): string {
  return renderPage({
    title: message("oauth.signIn.title"),
    path: PAGE_PATHS.signIn,
    width: "narrow",
    children: (
      <>
        <h1>{message("oauth.signIn.title")}</h1>
        <p class="muted">{message(input.forAnApp ? "oauth.signIn.forAnApp" : "oauth.signIn.intro")}</p>
        {input.ended === undefined || input.error !== undefined ? null : (
          <Notice tone="warn" role="status" title={sessionEndedWords(input.ended.notSaved).title}>
            <p>{sessionEndedWords(input.ended.notSaved).detail}</p>
          </Notice>
        )}
        {input.error === undefined ? null : (
          <Notice tone="bad" role="alert">
            <p class="error">{errorWords(input.error)}</p>
          </Notice>
        )}
        <form method="post" action={PAGE_PATHS.signIn}>
          <CsrfField token={input.csrfToken} />
          {input.returnTo === undefined ? null : <input type="hidden" name="return_to" value={input.returnTo} />}
          {/* After a refusal the person lands on what to type again (issue 48): the email when there is none, else the password. */}
          <Field
            name="email"
            label={message("oauth.signIn.email")}
            type="email"
            autocomplete="username"
            required
            value={input.email ?? ""}
            focus={input.error !== undefined && (input.email ?? "") === ""}
          />
          <Field
            name="password"
            label={message("oauth.signIn.password")}
            type="password"
            autocomplete="current-password"
            required
            focus={input.error !== undefined && (input.email ?? "") !== ""}
          />
          <div class="actions">
            <button class="primary" type="submit">
              {message("oauth.signIn.submit")}
            </button>
          </div>
        </form>
        <p>
          <a href={`${PAGE_PATHS.home}#${WAY_IN_ANCHOR}`}>{message("oauth.signIn.wayIn")}</a>
        </p>
      </>
    ),
  });
}

export function signedOutPage(): string {
  return renderPage({
    title: message("oauth.signedOut.title"),
    width: "narrow",
    children: (
      <>
        <h1>{message("oauth.signedOut.title")}</h1>
        <p>{message("oauth.signedOut.text")}</p>
        <div class="actions">
          <a class="button primary" href={PAGE_PATHS.signIn}>
            {message("oauth.signedOut.signInAgain")}
          </a>
          <a class="button" href={PAGE_PATHS.home}>
            {message("layout.nav.home")}
          </a>
        </div>
      </>
    ),
  });
}
