import type { ComponentChildren } from "preact";

export interface EmptyStateProps {
  /** What is missing, e.g. "No connections yet". */
  title: string;
  /** What to do next, in plain words (and a link or button where there is one). */
  children: ComponentChildren;
}

/** An empty list says why it is empty and what to do next, instead of showing nothing. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div class="empty-state">
      <p class="empty-title">{title}</p>
      {children}
    </div>
  );
}
