import { PAGE_PATHS, renderPage, type SignedInPerson } from "@connector/ui";
import type { RenderedGuide } from "../../site/developer-guide.js";

/** `/developers`: the developer guide (docs/developer-guide.md), with its table of contents. */
export function developersPage(guide: RenderedGuide, person: SignedInPerson | undefined): string {
  return renderPage({
    title: guide.title,
    path: PAGE_PATHS.developers,
    person,
    children: (
      <>
        <h1>{guide.title}</h1>
        <nav class="card" aria-labelledby="on-this-page">
          <h2 id="on-this-page">On this page</h2>
          <ul>
            {guide.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ul>
          <p>
            Every operation and field: the <a href={PAGE_PATHS.apiReference}>API reference</a>.
          </p>
        </nav>
        {/* Our own Markdown, rendered by marked with raw HTML disabled (see developer-guide.tsx). */}
        <div class="prose" dangerouslySetInnerHTML={{ __html: guide.html }} />
      </>
    ),
  });
}
