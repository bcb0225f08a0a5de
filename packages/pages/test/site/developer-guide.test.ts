import { describe, expect, it } from "vitest";
import { renderDeveloperGuide } from "../../src/site/developer-guide.js";

describe("the developer guide", () => {
  it("is the repository's Markdown, v1.3, with this deployment's addresses and every section linked", () => {
    const guide = renderDeveloperGuide("https://connector.example/");
    expect(guide.title).toBe("Developer guide v1.3");
    expect(guide.html).toContain("https://connector.example/mcp/desk");
    expect(guide.html).not.toContain("{base_url}");
    expect(guide.sections.map((section) => section.title)).toEqual(
      expect.arrayContaining(["Connect over MCP", "Connect over REST", "Paging", "Idempotency and retries", "Errors", "Limits", "Browsers and other origins", "Versions and changes"]),
    );
    for (const section of guide.sections) expect(guide.html).toContain(`<h2 id="${section.id}">`);
  });

  it("gives every code block a copy button and shows raw HTML as text", () => {
    const guide = renderDeveloperGuide("http://127.0.0.1:3000", "# T\n\n<script>alert(1)</script>\n\n```sh\necho '<b>'\n```\n");
    expect(guide.html).not.toContain("<script>");
    expect(guide.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(guide.html).toContain('<pre id="example-1"><code>echo \'&lt;b>\'</code></pre>');
    expect(guide.html).toContain('data-copy-target="example-1"');
  });
});
