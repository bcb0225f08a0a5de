import { CONSUMER_REQUEST_CHANNEL_WORDS } from "@connector/core/schemas";
import { DRAFT_STATUS } from "@connector/ui";

/**
 * The words a card uses for values of a result, from the tables the pages read (status, channel),
 * handed to the card's script as data so each stays written once. The request kinds' names are the
 * ones the pages' draft lists give a request draft ("Request for documents to …").
 */
export const CARD_WORDS = {
  status: DRAFT_STATUS,
  channels: CONSUMER_REQUEST_CHANNEL_WORDS,
  requestKinds: { documents: "Request for documents", contact_preference: "Contact preference" },
} as const;
