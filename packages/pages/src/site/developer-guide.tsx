import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CodeBlock, registerAsset, renderFragment } from "@connector/ui";
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

/** Pictures the guide shows, beside it in `images/` (PNG only). */
const IMAGE_TYPES: Readonly<Record<string, string>> = { ".png": "image/png" };

/**
 * A picture the guide cites as `images/<name>`, served as one of the service's hashed assets (the
 * pages' policy allows only its own images), registered when the guide is rendered. Anything else
 * is a mistake in the guide, and fails its rendering rather than showing a broken picture.
 */
function guideImage(href: string): string {
  const type = IMAGE_TYPES[extname(href)];
  if (!href.startsWith("images/") || basename(href) !== href.slice("images/".length) || type === undefined) {
    throw new Error(`The developer guide cites a picture it cannot serve: ${href}`);
  }
  const body = readFileSync(join(dirname(GUIDE_FILE), href));
  return registerAsset(`guide-${basename(href, extname(href))}`, extname(href).slice(1), type, body).path;
}

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
      image({ href, text }: Tokens.Image) {
        return `<img src="${escapeHtml(guideImage(href))}" alt="${escapeHtml(text)}" loading="lazy">`;
      },
    },
  });
  const html = marked.parse(markdown.replaceAll("{base_url}", baseUrl.replace(/\/+$/, ""))) as string;
  return { title, sections, html };
}
