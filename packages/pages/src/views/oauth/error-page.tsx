import { Notice, renderPage } from "@connector/ui";

/** What to do next after a failed step of connecting an app, the usual reason for this page. */
const CONNECTING_AGAIN = "Return to the app you came from and start connecting again.";

/**
 * Shown instead of redirecting when the client or redirect URI cannot be trusted (RFC 6749
 * §4.1.2.1), and for expired forms. Says what happened and what the person can do.
 */
export function errorPage(title: string, description: string, nextStep: string = CONNECTING_AGAIN): string {
  return renderPage({
    title,
    width: "narrow",
    children: (
      <>
        <h1>{title}</h1>
        <Notice tone="bad" role="alert">
          <p class="error">{description}</p>
        </Notice>
        <p class="muted">{nextStep}</p>
      </>
    ),
  });
}
