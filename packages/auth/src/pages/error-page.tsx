import { Notice, renderPage } from "@connector/ui";

/**
 * Shown instead of redirecting when the client or redirect URI cannot be trusted (RFC 6749
 * §4.1.2.1), and for expired forms. Says what happened and what the person can do.
 */
export function errorPage(title: string, description: string): string {
  return renderPage({
    title,
    width: "narrow",
    children: (
      <>
        <h1>{title}</h1>
        <Notice tone="bad" role="alert">
          <p class="error">{description}</p>
        </Notice>
        <p class="muted">Return to the app you came from and start connecting again.</p>
      </>
    ),
  });
}
