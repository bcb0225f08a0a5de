/**
 * Spec §1: what the service never does. Capabilities report this list verbatim so an agent
 * knows not to ask, and the Resolve guide repeats it in plain words.
 */
export const UNAVAILABLE_ACTIONS = [
  { action: "deliver_messages", description: "Deliver or send messages to anyone." },
  { action: "accept_settlements", description: "Accept a settlement on anyone's behalf." },
  { action: "move_money", description: "Charge, schedule, refund or transfer money." },
  {
    action: "change_offers",
    description: "Propose, counter, calculate, negotiate or change offer amounts or terms.",
  },
  { action: "judge_debt_validity", description: "Determine whether a debt is valid or owed." },
  { action: "give_legal_advice", description: "Give legal advice." },
  { action: "read_settlement_floors", description: "Read settlement floors." },
] as const;

export type UnavailableAction = (typeof UNAVAILABLE_ACTIONS)[number]["action"];
