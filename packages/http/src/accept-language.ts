/**
 * The language of `supported` an `Accept-Language` header (RFC 9110 §12.5.4) prefers, or undefined
 * when it names none of them. A range matches a supported language by its primary subtag
 * (`es-MX` and `es-419` ask for `es`); `*` matches the first supported one; weights order the
 * ranges and `q=0` refuses one; equal weights keep the header's order.
 */
export function preferredLanguage<L extends string>(header: string | undefined, supported: readonly L[]): L | undefined {
  if (header === undefined || header.trim() === "") return undefined;
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [range = "", ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
      const q = parameters.find((parameter) => parameter.startsWith("q="));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { range, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.range !== "");
  const refused = new Set(ranges.filter((entry) => entry.weight <= 0).map((entry) => entry.range.split("-")[0]));
  const wanted = ranges.filter((entry) => entry.weight > 0).sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { range } of wanted) {
    if (range === "*") return supported.find((language) => !refused.has(language));
    const primary = range.split("-")[0];
    const match = supported.find((language) => language === primary);
    if (match !== undefined) return match;
  }
  return undefined;
}
