import type { ComponentChildren } from "preact";

/** How a status reads at a glance; the badge always carries a word too, never colour alone. */
export type BadgeTone = "neutral" | "good" | "warn" | "bad" | "info";

export function StatusBadge({ tone = "neutral", children }: { tone?: BadgeTone; children: ComponentChildren }) {
  return <span class={tone === "neutral" ? "badge" : `badge ${tone}`}>{children}</span>;
}
