/** Spec §1: a Desk is a creditor, a buyer or an agency. */
export const DESK_KINDS = ["creditor", "buyer", "agency"] as const;
export type DeskKind = (typeof DESK_KINDS)[number];
