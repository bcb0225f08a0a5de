import type { PageSession } from "../../sessions/page-session.js";
import { CsrfForm, message, Notice } from "@connector/ui";
import type { ComponentChildren } from "preact";
import { renderSignedInPage } from "./signed-in-page.js";

export interface ConfirmPageProps {
  title: string;
  /** What the act is about (the draft, connection or key), in a person's words. */
  children: ComponentChildren;
  /** What will happen, and what will not, each as one sentence. */
  consequences: readonly string[];
  /** The form that does it: its POST address, CSRF token and button label. */
  confirm: { action: string; token: string; label: string };
  /** Where "keep it" leads: the page the person came from. */
  cancel: { href: string; label: string };
}

/**
 * The step before anything that cannot be undone (discard, revoke): a page of its own, so it works
 * without JavaScript and a stray click on the first page does nothing. The safe way out is a plain
 * link, the act a separate red button.
 */
export function renderConfirmPage(session: PageSession, props: ConfirmPageProps): string {
  return renderSignedInPage(session, {
    title: props.title,
    children: (
      <>
        <h1>{props.title}</h1>
        {props.children}
        <Notice tone="warn" title={message("shared.confirm.cannotUndo")}>
          <ul>
            {props.consequences.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Notice>
        <div class="actions">
          <a class="button primary" href={props.cancel.href}>
            {props.cancel.label}
          </a>
          <CsrfForm action={props.confirm.action} token={props.confirm.token}>
            <button type="submit" class="danger">
              {props.confirm.label}
            </button>
          </CsrfForm>
        </div>
      </>
    ),
  });
}
