export interface CopyButtonProps {
  /** The id of the element whose text (or value) is copied. */
  target: string;
  /** The button's words; name what is copied when a page has several ("Copy key"). */
  label?: string;
}

/**
 * A copy button for the element `target`. It starts hidden and the same-origin copy script shows it,
 * so without JavaScript there is no dead button and the text stays selectable. The status line next
 * to it announces "Copied." to screen readers.
 */
export function CopyButton({ target, label = "Copy" }: CopyButtonProps) {
  return (
    <span class="copyable">
      <button type="button" data-copy-target={target} hidden>
        {label}
      </button>
      <span class="copy-status" data-copy-status aria-live="polite" />
    </span>
  );
}
