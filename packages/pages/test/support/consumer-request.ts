import type { ConsumerRequestDraftView } from "@connector/core/domain";
import type { PageSession } from "../../src/sessions/page-session.js";

/** Rosa, a consumer signed in to the pages, as the views are given her. */
export const consumerSession: PageSession = {
  user: {
    userId: "u1",
    email: "rosa@example.com",
    displayName: "Rosa Martínez",
    deskId: null,
    deskRole: null,
    consumerId: "c1",
    createdAt: "2026-11-20T15:00:00.000Z",
  },
  actor: { kind: "consumer", consumerId: "c1", userId: "u1", via: "session" },
  person: { displayName: "Rosa Martínez", deskMember: false, consumer: true, signOutToken: "sign-out-token" },
  csrfToken: (form) => `token-for-${form}`,
  isValidCsrfToken: () => true,
};

/** A contact-preference request draft of hers, awaiting review, with `overrides`. */
export const requestDraft = (overrides: Partial<ConsumerRequestDraftView>): ConsumerRequestDraftView => ({
  draftId: "01a221b2-2301-73bb-b4d0-78fd107ac584",
  kind: "consumer_request",
  requestKind: "contact_preference",
  recipient: "Bayside Collections",
  reference: "BC-88412",
  channel: "mail",
  reviewStatus: "awaiting_review",
  createdAt: "2026-11-27T16:30:00.000Z",
  updatedAt: "2026-11-27T16:30:00.000Z",
  ...overrides,
});
