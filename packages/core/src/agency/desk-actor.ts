/** The kinds of Desk (spec §1: a creditor, buyer or agency desk). */
export type DeskKind = "creditor" | "buyer" | "agency";

/**
 * Who is acting on a Desk through `/api/v1`: a signed-in person (a session) or an agent with a
 * desk key. Operations take only what they need from the host's authentication.
 */
export interface DeskActor {
  deskId: string;
  /** The signed-in person, or null for a desk key (an agent). */
  userId: string | null;
  via: "session" | "key";
}
