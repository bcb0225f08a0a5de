import type { ErrorPageView } from "@connector/core/ports";
import { message, Notice, readerLanguage, renderPage, richMessage } from "@connector/ui";

interface ErrorWords {
  title: string;
  description: string;
  nextStep: string;
  /** What the app was told, in English (the OAuth description), shown beside the reader's words when they read another language. */
  toldTheApp?: string;
}

function wordsOf(view: ErrorPageView): ErrorWords {
  const connectAgain = message("oauth.error.connectAgain");
  switch (view.reason) {
    case "sign-out-form-expired":
      return { title: message("oauth.error.formExpired.title"), description: message("oauth.error.signOutExpired.text"), nextStep: message("oauth.error.signOutExpired.next") };
    case "consent-form-expired":
      return { title: message("oauth.error.formExpired.title"), description: message("oauth.error.consentExpired.text"), nextStep: connectAgain };
    case "consent-session-ended":
      return { title: message("oauth.error.sessionEnded.title"), description: message("oauth.error.sessionEnded.text"), nextStep: connectAgain };
    case "too-many-sign-ins":
      return { title: message("oauth.error.tooManySignIns.title"), description: message("oauth.error.tooManySignIns.text"), nextStep: message("oauth.error.tooManySignIns.next") };
    case "unavailable":
      return { title: message("oauth.error.unavailable.title"), description: message("oauth.error.unavailable.text"), nextStep: connectAgain };
    case "request-failed": {
      const title = message(view.appCannotConnect ? "oauth.error.appCannotConnect.title" : "oauth.error.request.title");
      // In English the OAuth description is the page's own words; in another language the page says
      // why in that language and shows what the app was told, marked as English, for whoever helps.
      if (readerLanguage() === "en") return { title, description: view.description, nextStep: connectAgain };
      return { title, description: message("oauth.error.why", { code: view.error }), nextStep: connectAgain, toldTheApp: view.description };
    }
  }
}

/**
 * Shown instead of redirecting when the client or redirect URI cannot be trusted (RFC 6749
 * §4.1.2.1), and for expired forms. Says what happened and what the person can do.
 */
export function errorPage(view: ErrorPageView): string {
  const words = wordsOf(view);
  return renderPage({
    title: words.title,
    width: "narrow",
    children: (
      <>
        <h1>{words.title}</h1>
        <Notice tone="bad" role="alert">
          <p class="error">{words.description}</p>
        </Notice>
        <p class="muted">{words.nextStep}</p>
        {words.toldTheApp === undefined ? null : (
          <p class="muted">{richMessage("oauth.error.forTheApp", { description: <span lang="en">{words.toldTheApp}</span> })}</p>
        )}
      </>
    ),
  });
}
