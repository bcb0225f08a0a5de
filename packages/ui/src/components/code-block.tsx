import { CopyButton } from "./copy-button.js";

export interface CodeBlockProps {
  /** The element id, for the copy button (and for links to it). */
  id: string;
  /** The text, shown verbatim. */
  text: string;
  /** The copy button's words; name what is copied when a page has several ("Copy key"). */
  copyLabel?: string;
  /** Set false to show the text without a copy button. */
  copy?: boolean;
}

/**
 * Preformatted text (a request draft, a key, a curl command) with a copy button. Long lines wrap
 * (the stylesheet), so nothing scrolls sideways on a phone.
 */
export function CodeBlock({ id, text, copyLabel = "Copy", copy = true }: CodeBlockProps) {
  return (
    <>
      <pre id={id}>
        <code>{text}</code>
      </pre>
      {copy ? <CopyButton target={id} label={copyLabel} /> : null}
    </>
  );
}
