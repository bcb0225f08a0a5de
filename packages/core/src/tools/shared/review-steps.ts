import type { Workspace } from "../../policy/workspaces.js";

/** What happens to a draft after an agent saves it (spec §3, §5.3): people act, the service does not. */
export const REVIEW_STEPS: Record<Workspace, readonly string[]> = {
  desk: [
    "An agent saves a placement draft with create_placement_draft; no live account is added and no one is contacted.",
    "A signed-in person on the Desk reviews the draft in the service.",
    "Only the Desk owner, after accepting the Desk agreement, can approve it; approval adds the live accounts.",
  ],
  resolve: [
    "An agent saves a request draft with create_consumer_request_draft; it stays in the consumer's account.",
    "The consumer reviews the draft, may copy it and mark it reviewed; reviewed does not mean sent.",
    "The consumer decides whether to send it, and sends it themselves; the service never sends anything.",
  ],
};
