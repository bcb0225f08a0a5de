/** The kinds of Desk (spec §1: a creditor, buyer or agency desk). */
export type DeskKind = "creditor" | "buyer" | "agency";

/**
 * What the agency, phone, skip and escalation operations need of whoever acts on a Desk through
 * `/api/v1`: a signed-in person (a session) or an agent with a desk key. The host's authenticated
 * actor fits this shape.
 */
export interface DeskCaller {
  deskId: string;
  /** The signed-in person, or null for a desk key (an agent). */
  userId: string | null;
  via: "session" | "desk_key";
}
