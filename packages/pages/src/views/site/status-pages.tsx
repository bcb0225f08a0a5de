import { PAGE_PATHS, renderPage, type SignedInPerson } from "@connector/ui";

/** A browser's 404: says so plainly and offers the way back. API clients keep the JSON error. */
export function notFoundPage(person: SignedInPerson | undefined, requestId?: string): string {
  return renderPage({
    title: "Page not found",
    person,
    children: (
      <>
        <h1>There is nothing at this address</h1>
        <p>The link may be mistyped, or the page may have moved.</p>
        <p>
          Go to the <a href={PAGE_PATHS.home}>home page</a>
          {person === undefined ? null : (
            <>
              {" "}
              or to your <a href={PAGE_PATHS.connections}>connections and drafts</a>
            </>
          )}
          .
        </p>
        {requestId === undefined ? null : <p class="muted">Request id: {requestId}</p>}
      </>
    ),
  });
}

/** A browser's 500: nothing about the failure itself, only the request id support can look up. */
export function serverErrorPage(requestId?: string): string {
  return renderPage({
    title: "Something went wrong",
    children: (
      <>
        <h1>Something went wrong on our side</h1>
        <p>Nothing you did caused this, and nothing was sent or saved by it. Try again in a moment.</p>
        <p>
          <a href={PAGE_PATHS.home}>Go to the home page</a>
        </p>
        {requestId === undefined ? null : <p class="muted">If it keeps happening, quote request id {requestId}.</p>}
      </>
    ),
  });
}
