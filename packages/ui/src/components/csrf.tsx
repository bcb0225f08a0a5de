import type { ComponentChildren } from "preact";

/** The form field every POST form carries; auth's routes read `csrf_token`. */
export const CSRF_FIELD = "csrf_token";

export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={token} />;
}

export interface CsrfFormProps {
  action: string;
  /** The CSRF token for this form's purpose, issued for the signed-in session. */
  token: string;
  /** `multipart/form-data` for file uploads. */
  enctype?: "application/x-www-form-urlencoded" | "multipart/form-data";
  class?: string;
  /** Accessible name when a page has several forms (e.g. "Revoke Claude"). */
  label?: string;
  children: ComponentChildren;
}

/** A POST form with its CSRF field: the only way the pages change anything. */
export function CsrfForm({ action, token, enctype, label, children, ...rest }: CsrfFormProps) {
  return (
    <form method="post" action={action} enctype={enctype} class={rest.class} aria-label={label}>
      <CsrfField token={token} />
      {children}
    </form>
  );
}
