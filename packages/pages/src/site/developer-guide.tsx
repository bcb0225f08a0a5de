import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CodeBlock, renderFragment } from "@connector/ui";
import { Marked, type Tokens } from "marked";
import { packageFile } from "./package-file.js";

/**
 * The guide is written once, in the repository's docs folder. The build copies it beside the bundle
 * (so a deployed server carries it); run from source (the tests), it is read from docs itself.
 */
const PACKAGED_GUIDE = fileURLToPath(new URL("./developer-guide.md", import.meta.url));
const GUIDE_FILE = existsSync(PACKAGED_GUIDE) ? PACKAGED_GUIDE : packageFile("../../docs/developer-guide.md");

export interface GuideSection {
  id: string;
  title: string;
}

export interface RenderedGuide {
  /** The guide's own title (its first heading). */
  title: string;
  /** The second-level headings, for the page's table of contents. */
  sections: GuideSection[];
  /** The guide's HTML below its title. */
  html: string;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[character]!);

/** The guide's Markdown, as this release carries it. */
export function readDeveloperGuide(): string {
  return readFileSync(GUIDE_FILE, "utf8");
}

/**
 * Renders the Markdown guide with `marked`: `{base_url}` becomes this deployment's root, every code
 * block gets a copy button (the shared CodeBlock), headings get ids for links, and raw HTML in the
 * Markdown is shown as text, never passed through.
 */
export function renderDeveloperGuide(baseUrl: string, markdown = readDeveloperGuide()): RenderedGuide {
  const sections: GuideSection[] = [];
  let title = "Developer guide";
  let examples = 0;
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      heading({ tokens, depth, text }: Tokens.Heading) {
        if (depth === 1) {
          title = text;
          return "";
        }
        const id = slug(text);
        if (depth === 2) sections.push({ id, title: text });
        return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      code({ text }: Tokens.Code) {
        examples += 1;
        return renderFragment(<CodeBlock id={`example-${examples}`} text={text} copyLabel="Copy example" />);
      },
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
    },
  });
  const html = marked.parse(markdown.replaceAll("{base_url}", baseUrl.replace(/\/+$/, ""))) as string;
  return { title, sections, html };
}
