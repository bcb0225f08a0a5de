import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { Layout, type LayoutProps } from "./layout.js";

/**
 * A whole HTML document: the layout around `children`, rendered to a string. Every text and
 * attribute value is escaped by the renderer, so names, emails and descriptions can never inject
 * markup. Send it with `sendPage` (or with PAGE_HEADERS).
 */
export function renderPage(props: LayoutProps): string {
  return `<!doctype html>${renderToString(<Layout {...props} />)}`;
}

/**
 * A component rendered to an HTML fragment, for markup built outside JSX (e.g. a Markdown renderer
 * that puts copy buttons beside its code blocks), escaped the same way.
 */
export function renderFragment(node: VNode): string {
  return renderToString(node);
}
