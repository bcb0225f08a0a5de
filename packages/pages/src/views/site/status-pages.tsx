import { message, PAGE_PATHS, renderPage, richMessage, type SignedInPerson } from "@connector/ui";

/** A browser's 404: says so plainly and offers the way back. API clients keep the JSON error. */
export function notFoundPage(person: SignedInPerson | undefined, requestId?: string): string {
  return renderPage({
    title: message("site.notFound.title"),
    person,
    children: (
      <>
        <h1>{message("site.notFound.heading")}</h1>
        <p>{message("site.notFound.text")}</p>
        <p>
          {richMessage(person === undefined ? "site.notFound.next" : "site.notFound.nextSignedIn", {
            home: <a href={PAGE_PATHS.home}>{message("site.notFound.home")}</a>,
            connections: <a href={PAGE_PATHS.connections}>{message("site.notFound.connections")}</a>,
          })}
        </p>
        {requestId === undefined ? null : <p class="muted">{message("site.requestId", { id: requestId })}</p>}
      </>
    ),
  });
}

/** A browser's 500: nothing about the failure itself, only the request id support can look up. */
export function serverErrorPage(requestId?: string): string {
  return renderPage({
    title: message("site.serverError.title"),
    children: (
      <>
        <h1>{message("site.serverError.heading")}</h1>
        <p>{message("site.serverError.text")}</p>
        <p>
          <a href={PAGE_PATHS.home}>{message("site.serverError.home")}</a>
        </p>
        {requestId === undefined ? null : <p class="muted">{message("site.serverError.requestId", { id: requestId })}</p>}
      </>
    ),
  });
}
