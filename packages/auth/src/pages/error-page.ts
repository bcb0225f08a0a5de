import { html } from "./html.js";
import { layout } from "./layout.js";

/**
 * Shown instead of redirecting when the client or redirect URI cannot be trusted (RFC 6749
 * §4.1.2.1), and for expired forms. Says what happened and what the person can do.
 */
export function errorPage(title: string, description: string): string {
  return layout(
    title,
    html`<h1>${title}</h1>
<p class="error">${description}</p>
<p class="muted">Return to the app you came from and start connecting again.</p>`,
  );
}
