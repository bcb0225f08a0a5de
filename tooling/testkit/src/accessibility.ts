import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

/**
 * axe-core's source, read on first use: the bench and the soak bundle this kit for its OAuth helpers
 * and run where the browser kit's dependencies are not installed beside them.
 */
let axeSource: string | undefined;
const loadAxeSource = () => {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  return axeSource;
};

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Impacts that fail a page: a person using a screen reader or keyboard could not use it. */
const BLOCKING = new Set(["serious", "critical"]);

/**
 * Runs axe-core inside the page and throws when it finds serious or critical violations, naming
 * each rule, what it asks for and the elements that break it. axe is evaluated through the DevTools
 * protocol, which the pages' `script-src 'self'` policy does not block, so the policy stays on. A
 * frame works too (an MCP Apps card inside its host page is checked in its own document).
 */
export async function checkAccessibility(page: Pick<Page, "evaluate" | "url">): Promise<void> {
  const loaded = await page.evaluate("typeof window.axe === 'object'");
  if (loaded !== true) await page.evaluate(`${loadAxeSource()}\n;undefined`);
  const violations = (await page.evaluate(
    "window.axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations)",
  )) as AxeViolation[];
  const blocking = violations.filter((violation) => BLOCKING.has(violation.impact ?? ""));
  if (blocking.length === 0) return;
  const lines = blocking.flatMap((violation) => [
    `${violation.impact}: ${violation.id} — ${violation.help}`,
    ...violation.nodes.slice(0, 5).map((node) => `    at ${node.target.join(" ")}${node.failureSummary ? `: ${node.failureSummary.replace(/\s+/g, " ")}` : ""}`),
  ]);
  throw new Error(`Accessibility violations on ${page.url()}:\n${lines.join("\n")}`);
}
