export interface PagerProps {
  /** Link to the previous page, if there is one. */
  previous?: string | undefined;
  /** Link to the next page (e.g. with the list's cursor), if there is one. */
  next?: string | undefined;
  /** Names the list for screen readers, e.g. "Drafts pages". */
  label: string;
  /** Words of the links; newest-first lists may say "Newer" and "Older". */
  previousLabel?: string;
  nextLabel?: string;
}

/** Previous/next links for keyset-paged lists; renders nothing when everything fits on one page. */
export function Pager({ previous, next, label, previousLabel = "Previous", nextLabel = "Next" }: PagerProps) {
  if (previous === undefined && next === undefined) return null;
  return (
    <nav class="pager" aria-label={label}>
      <span>{previous === undefined ? null : <a href={previous}>← {previousLabel}</a>}</span>
      <span>{next === undefined ? null : <a href={next}>{nextLabel} →</a>}</span>
    </nav>
  );
}
