/**
 * Unicode's explicit direction controls: the marks (U+061C, U+200E, U+200F), the embeddings and
 * overrides (U+202A to U+202E) and the isolates (U+2066 to U+2069). Invisible, and able to make the
 * text around them read in another order (issue 51: "p.m. .(emiT nretsaE) before 6"), so nothing a
 * link may carry into the service's own sentences holds one.
 */
const DIRECTION_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export function holdsDirectionControl(text: string): boolean {
  return DIRECTION_CONTROL.test(text);
}

/**
 * A name someone else chose, isolated inside our sentences in plain text (a page title, an
 * `aria-label`, a PDF line ordered by the bidirectional algorithm), where no `<bdi>` can go:
 * FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE (U+2068, U+2069).
 */
export function isolatedName(name: string): string {
  return `\u2068${name}\u2069`;
}

/** `text` without its direction controls: what a drawing that cannot isolate text the way a page's `<bdi>` does keeps. */
export function withoutDirectionControls(text: string): string {
  return text.replace(new RegExp(DIRECTION_CONTROL.source, "g"), "");
}

/** The rule as the schema's message; the pages say it in people's words. */
export const DIRECTION_CONTROL_RULE = "holds an invisible direction control (such as U+202E), which would reorder the letter's words";
