import type { PageSession } from "../../sessions/page-session.js";
import { renderPage } from "@connector/ui";
import type { ComponentChildren } from "preact";

/** Every people's page: the shared layout, with the person and their sign-out form. */
export function renderSignedInPage(
  session: PageSession | undefined,
  page: { title: string; path?: string; children: ComponentChildren; scripts?: readonly string[] },
): string {
  return renderPage({ title: page.title, person: session?.person, path: page.path, children: page.children, scripts: page.scripts });
}
