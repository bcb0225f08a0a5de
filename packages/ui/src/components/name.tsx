/**
 * A name someone else chose (an app's registered name, a person's, a Desk's) shown inside our
 * sentences: `<bdi>` isolates its direction (HTML §4.5.23, Unicode TR 9), so a right-to-left name, or
 * a direction character that slipped in, cannot reorder the words around it.
 */
export function Name({ children }: { children: string }) {
  return <bdi>{children}</bdi>;
}

/** The same isolation for plain text, where no element can go (core's rule: U+2068 … U+2069). */
export { isolatedName } from "@connector/core/guard";
