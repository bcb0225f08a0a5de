import { describe, expect, it } from "vitest";
import { Letter, renderFragment } from "../src/index.js";

describe("Letter", () => {
  it("shows the letter as escaped text with its line breaks, each place to fill in marked and bracketed, and a copy button", () => {
    const html = renderFragment(<Letter id="letter" lines={[[{ fill: "Your name" }], [], ["To: <b>Collector</b> & Co"]]} />);
    expect(html).toContain('<div class="letter" id="letter"><mark class="fill-in">[Your name]</mark>\n\nTo: &lt;b>Collector&lt;/b> &amp; Co</div>');
    expect(html).toContain('data-copy-target="letter"');
    expect(html).toContain("Copy the letter");
    expect(html).not.toContain("<pre");
  });
});
