import { CONTENT_SECURITY_POLICY, PAGE_PATHS, renderPage, type SignedInPerson } from "@connector/ui";
import type { ConnectionFacts } from "./connection-facts.js";
import type { ReferenceAssets } from "../../site/reference-assets.js";

/**
 * Swagger UI draws its icons from `data:` images in its stylesheet, so this one page also allows
 * `data:` images; it fetches the OpenAPI document from this origin, which every page's policy allows
 * (`connect-src 'self'`). Nothing else is loosened, and the documents it fetches are public.
 */
export const REFERENCE_PAGE_POLICY = CONTENT_SECURITY_POLICY.replace("img-src 'self'", "img-src 'self' data:");

/** The published OpenAPI documents, by the `document` query value that picks one. */
export function referenceDocuments(facts: ConnectionFacts) {
  return [
    { key: "connector", name: "Connector tools, both workspaces", url: facts.openApi.combined },
    { key: "desk", name: "Desk tools", url: facts.openApi.desk },
    { key: "resolve", name: "Resolve tools", url: facts.openApi.resolve },
    { key: "legacy", name: "Legacy /api/v1", url: facts.openApi.legacy },
  ] as const;
}

/**
 * `/developers/reference?document=…`: one published OpenAPI document rendered by Swagger UI in the
 * browser, with links to the others and to the JSON itself (which is all a browser without
 * JavaScript gets).
 */
export function referencePage(
  facts: ConnectionFacts,
  assets: ReferenceAssets,
  chosen: string | undefined,
  person: SignedInPerson | undefined,
): string {
  const documents = referenceDocuments(facts);
  const current = documents.find((document) => document.key === chosen) ?? documents[0];
  return renderPage({
    title: `API reference: ${current.name}`,
    path: PAGE_PATHS.apiReference,
    person,
    stylesheets: [assets.stylesheet.path, assets.adjustments.path],
    scripts: [assets.bundle.path, assets.start.path],
    children: (
      <>
        <h1>API reference</h1>
        <p>
          Every operation, argument and answer of the published OpenAPI documents. For how to connect, scopes, paging,
          retries and errors, read the <a href={PAGE_PATHS.developers}>developer guide</a>.
        </p>
        <nav aria-label="OpenAPI documents" class="card">
          <ul>
            {documents.map((document) => (
              <li key={document.key}>
                <a
                  href={`${PAGE_PATHS.apiReference}?document=${document.key}`}
                  aria-current={document === current ? "page" : undefined}
                >
                  {document.name}
                </a>{" "}
                (<a href={document.url}>JSON</a>)
              </li>
            ))}
          </ul>
        </nav>
        <h2>{current.name}</h2>
        <div id="api-reference" data-document={current.url} />
      </>
    ),
  });
}
