import type { AuthorizationRequestView } from "@connector/core/ports";

/** An app's authorization request as the consent and wrong-account pages show it (core's shape, filled in by the OAuth server). */
export type ConsentRequest = AuthorizationRequestView;

/** How pages name a client: by its document's host, or by its registered name. */
export const clientLabel = (request: ConsentRequest): string => request.publishedHost ?? request.client.clientName;
