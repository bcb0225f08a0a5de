/**
 * The Desk agreement (spec §5.3): what a Desk owner accepts before approving a placement draft.
 * A new text gets a new version, and a new version needs a new acceptance; accepted versions stay
 * recorded with their time. The version is a date so people can tell which text they accepted.
 */
export interface DeskAgreement {
  version: string;
  title: string;
  text: string;
}

export const DESK_AGREEMENT: DeskAgreement = {
  version: "2026-11-23",
  title: "Desk agreement",
  text: [
    "Placing accounts. Approving a placement draft adds its accounts to this Desk as live accounts, with the face amounts and references the draft holds. You confirm that this Desk holds the accounts and may place them, and that the data is accurate as far as you know.",
    "What the service does not do. The service and any AI agent you connect never send messages to anyone, never collect, charge or move money, never accept settlements, and never negotiate or change offers. Drafts saved by agents stay drafts until a person on this Desk acts on them.",
    "Who is responsible. This Desk, and you as its owner, remain responsible for every account you place and for any contact, collection or reporting that follows, including compliance with the laws that apply to you. The service gives no legal advice and does not judge whether a debt is valid.",
    "Records. The service records who approved each draft and when, and keeps the history of every draft.",
  ].join("\n\n"),
};
