import type { PageSession } from "../../sessions/page-session.js";
import type { AgencyMembershipView } from "@connector/core/agency";
import type { DeskAgreementStatus } from "@connector/core/desk-agreement";
import { NothingIsSentNotice, Notice, PAGE_PATHS } from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import { AgentDoor, type AgentDoorProps } from "./agent-door.js";
import { DeskAgreement } from "./desk-agreement.js";
import type { OneAccountForm } from "../shared/one-account-form.js";
import { PlacementForms, type PlacementPreview, PlacementPreviewSection } from "./placement-forms.js";
import { PlacementsAndRuns, type PlacementsAndRunsProps } from "./placements-and-runs.js";
import { plural } from "../shared/plural.js";
import { renderSignedInPage } from "../shared/signed-in-page.js";
import { placeUploadScript } from "../../site/place-upload-script.js";
import type { PlacementJobView } from "@connector/core/placements";
import { jobStatus } from "./placement-job-page.js";

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
  /** The Desk agreement and this person's acceptance of it (spec §5.3). */
  agreement: DeskAgreementStatus;
  /** Whether an owner of this Desk accepted the current agreement, so accounts can be placed. */
  placing: boolean;
  /** Whether the signed-in person is the Desk's owner (only they accept the agreement). */
  owner: boolean;
  /** The owner just accepted the agreement here. */
  accepted?: boolean | undefined;
  /** A file of this Desk being placed now (issue 47), shown from any tab. */
  job?: PlacementJobView | undefined;
  /** A file sent in parts was just cancelled. */
  uploadCancelled?: boolean | undefined;
}

/**
 * Before the Desk agreement is accepted no account can be placed, so the forms make way for it:
 * the owner reads and accepts it here; anyone else learns who must.
 */
function AgreementFirst({ session, props }: { session: PageSession; props: PlacePageProps }) {
  if (!props.owner) {
    return <p>The Desk's owner must accept the Desk agreement before accounts can be placed. Until then nothing can be added here.</p>;
  }
  return (
    <DeskAgreement
      session={session}
      agreement={props.agreement}
      action={PAGES.placeAgreement}
      needed="Placing accounts on this Desk needs your acceptance of this agreement first. Accepting places nothing: the forms to add accounts appear after it."
      level={3}
    />
  );
}

/**
 * Files whose sending stopped (a reload, a page left, a dropped connection), which only this
 * browser tab knows of: the place screen's script (assets/place-upload.js) fills one notice per
 * file from the template, naming it, and offers to carry on or cancel it. Empty without JavaScript.
 */
function InterruptedUploads() {
  return (
    <div role="status" data-upload-interrupted-list>
      <template data-upload-interrupted>
        <div class="notice warn" data-upload-interrupted-notice>
          <p class="notice-title">
            A file was not sent completely: <span data-interrupted-file />
          </p>
          <p>
            Sending stopped after <span data-interrupted-sent /> (the page was left or reloaded, or the connection dropped). Nothing from this
            file is placed.
          </p>
          <p>
            To carry on where it stopped, <a href="#place-file">choose the same file again</a> and press Preview. Only what is missing is sent.
          </p>
          <p>Or, if you do not want to place it, cancel it: the part already sent is deleted, and the file on your computer is not touched.</p>
          <p>
            <button type="button" class="button" data-interrupted-cancel>
              Cancel this file
            </button>
          </p>
          <p class="error" hidden data-interrupted-problem />
        </div>
      </template>
      <template data-upload-interrupted-cancelled>
        <div class="notice good" tabIndex={-1} data-upload-interrupted-notice>
          <p class="notice-title">
            File cancelled: <span data-interrupted-file />
          </p>
          <p>What was sent of it is deleted, and nothing from it was placed. You can send another file.</p>
        </div>
      </template>
    </div>
  );
}

/** `/desk/place`: the Agent door, placing accounts (preview first), then what was placed and what ran. */
export function renderPlacePage(session: PageSession, props: PlacePageProps): string {
  // A key just minted (shown once) or revoked: the Agent door comes first, where the person looks.
  const doorFirst = props.door.minted !== undefined || props.door.revoked === true;
  const door = <AgentDoor session={session} props={props.door} />;
  return renderSignedInPage(session, {
    title: "Place accounts",
    path: PAGE_PATHS.place,
    // Sends a CSV file bigger than one request in parts; the form works without it for small files.
    scripts: props.placing ? [placeUploadScript().path] : [],
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
        {props.job === undefined ? null : (
          <Notice role="status" title="A file is being placed">
            <p>
              {jobStatus(props.job).now} {props.job.state === "placed" ? "" : "Its accounts appear under Saved placements once all are placed. "}
              <a href={PAGES.placementJob(props.job.jobId)}>See its progress</a>
            </p>
          </Notice>
        )}
        {props.placing ? <InterruptedUploads /> : null}
        {props.uploadCancelled === true ? (
          <Notice tone="good" role="status" title="File cancelled">
            <p>
              The copy sent here was deleted and nothing from it was placed; the file on your computer is not touched.{" "}
              <a href="#place-file">Send another file</a>
            </p>
          </Notice>
        ) : null}
        {props.accepted === true ? (
          <Notice tone="good" role="status" title="Desk agreement accepted">
            <p>
              You accepted the {props.agreement.agreement.title} (version {props.agreement.agreement.version}). You can place accounts now; nothing has
              been placed yet.
            </p>
          </Notice>
        ) : null}
        <h2>Add accounts</h2>
        {props.preview === undefined ? null : <PlacementPreviewSection session={session} preview={props.preview} agencies={props.agencies} />}
        {props.placing ? (
          <>
            <p>Add one account by form, or many from a CSV file. You see exactly what would be saved before anything is.</p>
            <PlacementForms session={session} agencies={props.agencies} one={props.one} />
          </>
        ) : (
          <AgreementFirst session={session} props={props} />
        )}
        <PlacementsAndRuns {...props.lists} />
        {doorFirst ? null : door}
      </>
    ),
  });
}
