import type { PageSession } from "../../sessions/page-session.js";
import { message as say, PAGE_PATHS } from "@connector/ui";
import type { ComponentChildren } from "preact";
import { renderSignedInPage } from "./signed-in-page.js";

/** One clear page for a refusal, a missing record or a failure: what happened and where to go. */
export function renderMessagePage(
  session: PageSession | undefined,
  message: { title: string; status: ComponentChildren; children?: ComponentChildren; next?: { href: string; label: string } },
): string {
  return renderSignedInPage(session, {
    title: message.title,
    children: (
      <>
        <h1>{message.title}</h1>
        <p>{message.status}</p>
        {message.children}
        {message.next === undefined ? null : (
          <p>
            <a href={message.next.href}>{message.next.label}</a>
          </p>
        )}
        <p>
          <a href={session === undefined ? PAGE_PATHS.home : PAGE_PATHS.connections}>
            {say(session === undefined ? "shared.home" : "shared.connections")}
          </a>
        </p>
      </>
    ),
  });
}
