import type { PageSession } from "@connector/auth";
import type { AgencyMembershipView } from "@connector/core";
import { NothingIsSentNotice, Notice, PAGE_PATHS } from "@connector/ui";
import { PAGES } from "../page-paths.js";
import { AgentDoor, type AgentDoorProps } from "./agent-door.js";
import type { OneAccountForm } from "./one-account-form.js";
import { PlacementForms, type PlacementPreview, PlacementPreviewSection } from "./placement-forms.js";
import { PlacementsAndRuns, type PlacementsAndRunsProps } from "./placements-and-runs.js";
import { plural } from "./plural.js";
import { renderSignedInPage } from "./signed-in-page.js";

export interface PlacePageProps {
  door: AgentDoorProps;
  preview?: PlacementPreview | undefined;
  /** How many placements were just saved. */
  saved?: number | undefined;
  /** The one-account form as last sent (kept after a preview or a refusal). */
  one?: (OneAccountForm & { agencyDeskId?: string }) | undefined;
  lists: PlacementsAndRunsProps;
  /** The agencies this Desk may place with. */
  agencies: readonly AgencyMembershipView[];
  /** Whether this Desk is an agency (it invites clients on its own page). */
  agency?: boolean;
}

/** `/desk/place`: the Agent door, placing accounts (preview first), then what was placed and what ran. */
export function renderPlacePage(session: PageSession, props: PlacePageProps): string {
  // A key just minted (shown once) or revoked: the Agent door comes first, where the person looks.
  const doorFirst = props.door.minted !== undefined || props.door.revoked === true;
  const door = <AgentDoor session={session} props={props.door} />;
  return renderSignedInPage(session, {
    title: "Place accounts",
    path: PAGE_PATHS.place,
    children: (
      <>
        <h1>Place accounts</h1>
        <NothingIsSentNotice />
        {props.agency === true ? (
          <p>
            Your Desk is an agency: <a href={PAGES.agency}>invite clients and see your client desks</a>.
          </p>
        ) : null}
        {doorFirst ? door : null}
        {props.saved === undefined ? null : (
          <Notice tone="good" role="status" title="Placements saved">
            <p>
              {props.saved === 1 ? "1 account is" : `${plural(props.saved, "account")} are`} now live on your Desk, and Account Workflow started for{" "}
              {props.saved === 1 ? "it" : "them"}. See the runs below.
            </p>
          </Notice>
        )}
        <h2>Add accounts</h2>
        <p>Add one account by form, or many from a CSV file. You see exactly what would be saved before anything is.</p>
        {props.preview === undefined ? null : <PlacementPreviewSection session={session} preview={props.preview} agencies={props.agencies} />}
        <PlacementForms session={session} agencies={props.agencies} one={props.one} />
        <PlacementsAndRuns {...props.lists} />
        {doorFirst ? null : door}
      </>
    ),
  });
}
