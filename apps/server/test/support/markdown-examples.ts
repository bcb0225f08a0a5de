import { readFileSync } from "node:fs";

/** One fenced code block of a Markdown document: its language, its text and the line it starts on. */
export interface CodeExample {
  document: string;
  language: string;
  text: string;
  line: number;
}

const REPOSITORY = new URL("../../../../", import.meta.url);

/** The repository's Markdown file, as a reader finds it. */
export function readDocument(path: string): string {
  return readFileSync(new URL(path, REPOSITORY), "utf8");
}

/** Every fenced block (```lang … ```) of `markdown`, in order. */
export function codeExamples(document: string, markdown = readDocument(document)): CodeExample[] {
  const examples: CodeExample[] = [];
  const fence = /^```([\w-]*)\n([\s\S]*?)^```$/gm;
  for (const match of markdown.matchAll(fence)) {
    const line = markdown.slice(0, match.index).split("\n").length;
    examples.push({ document, language: match[1] ?? "", text: match[2]!, line });
  }
  return examples;
}

/**
 * Keeps count of which examples a test ran, so a new example nobody runs fails the test instead of
 * drifting: `take` finds the one example containing a marker, `unrun` lists the rest.
 */
export class ExampleLedger {
  private readonly run = new Set<CodeExample>();
  constructor(private readonly examples: readonly CodeExample[]) {}

  take(language: string, marker: string): CodeExample {
    const found = this.examples.filter((example) => example.language === language && example.text.includes(marker));
    if (found.length !== 1) throw new Error(`expected one ${language} example containing ${JSON.stringify(marker)}, found ${found.length}`);
    this.run.add(found[0]!);
    return found[0]!;
  }

  unrun(): string[] {
    return this.examples.filter((example) => !this.run.has(example)).map((example) => `${example.document}:${example.line} (${example.language})`);
  }
}
