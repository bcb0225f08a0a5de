import type { IncomingMessage, Server, ServerResponse } from "node:http";

/**
 * Puts `before` in front of the test's own HTTP server: every request is shown to it first, and one it answers
 * with a promise reaches the service only once that promise settles (its body waits unread meanwhile). Returns a
 * function that takes it away again.
 *
 * Holding or counting a browser's requests here instead of with Playwright's `page.route` or `request` event
 * keeps their bodies off the DevTools protocol: a route makes Chromium hand every request of the page to the
 * test, and the largest file's 10 MiB of parts crossed the protocol as base64 (issue 53).
 */
export function gateRequests(server: Server, before: (request: IncomingMessage) => Promise<void> | undefined): () => void {
  const listeners = server.listeners("request") as Array<(request: IncomingMessage, response: ServerResponse) => void>;
  const dispatch = (request: IncomingMessage, response: ServerResponse) => {
    for (const listener of listeners) listener.call(server, request, response);
  };
  const gated = (request: IncomingMessage, response: ServerResponse) => {
    const held = before(request);
    if (held === undefined) dispatch(request, response);
    // Let through whether the hold ends or fails: a request left hanging would hide the test's own error.
    else void held.then(
      () => dispatch(request, response),
      () => dispatch(request, response),
    );
  };
  server.removeAllListeners("request");
  server.on("request", gated);
  return () => {
    server.off("request", gated);
    for (const listener of listeners) server.on("request", listener);
  };
}
