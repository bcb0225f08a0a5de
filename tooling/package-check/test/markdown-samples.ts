/**
 * The TypeScript code blocks of a Markdown document, as a reader copies them. A block is either a complete
 * program, or a part of a shipped example: then the line before its fence says which one, in words the reader
 * sees too (`*Part of examples/connect-desk.mts, which ships in the package:*`; the service's page of the guide
 * shows an HTML comment as text), and the example (compiled as a whole) must contain the block's lines in order.
 */
export interface CodeSample {
  /** `README.md:42`: where the block starts, for a failing check to point at. */
  where: string;
  code: string;
  /** The shipped example this block is a part of, relative to the package; undefined for a complete program. */
  fragmentOf: string | undefined;
}

const FENCE = /^```(\w*)\s*$/;
const FRAGMENT_MARK = /^\*?Part of (examples\/[\w-]+\.mts)\b[^*]*\*?\s*$/;

export function typeScriptSamples(markdown: string, name: string): CodeSample[] {
  const lines = markdown.split("\n");
  const samples: CodeSample[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE.exec(lines[index]!);
    if (open === null) continue;
    const end = lines.findIndex((line, at) => at > index && /^```\s*$/.test(line));
    if (end === -1) throw new Error(`${name}:${index + 1}: a code block is never closed`);
    if (open[1] === "ts" || open[1] === "typescript") {
      const mark = FRAGMENT_MARK.exec(lines.slice(0, index).findLast((line) => line.trim() !== "") ?? "");
      samples.push({ where: `${name}:${index + 1}`, code: lines.slice(index + 1, end).join("\n"), fragmentOf: mark?.[1] });
    }
    index = end;
  }
  return samples;
}

/** True when every non-blank line of `fragment` appears in `whole`, in order (indentation aside). */
export function containsInOrder(whole: string, fragment: string): boolean {
  const wholeLines = whole.split("\n").map((line) => line.trim());
  let at = 0;
  for (const line of fragment.split("\n").map((text) => text.trim())) {
    if (line === "") continue;
    const found = wholeLines.indexOf(line, at);
    if (found === -1) return false;
    at = found + 1;
  }
  return true;
}

/**
 * The same program as a CommonJS file (`.cts`) holds it: the imports stay on top (TypeScript writes them
 * as `require`), the rest runs in an async function, since CommonJS has no top-level `await`.
 */
export function asCommonJs(program: string): string {
  const lines = program.split("\n");
  const imports: string[] = [];
  const body: string[] = [];
  let inImport = false;
  for (const line of lines) {
    if (inImport || /^import\s/.test(line)) {
      imports.push(line);
      inImport = !/from\s+["'][^"']+["'];?\s*$|^import\s+["'][^"']+["'];?\s*$/.test(line);
    } else body.push(line);
  }
  return `${imports.join("\n")}\n\nasync function main(): Promise<void> {\n${body.join("\n")}\n}\n\nvoid main();\n`;
}
