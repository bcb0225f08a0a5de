/** A desk member's role: the owner approves drafts and accepts the Desk agreement (spec §3, §5.3). */
export type DeskRole = "owner" | "member";
