import type { PlacementJobView } from "@connector/core/placements";
import { Notice, PAGE_PATHS } from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import type { PageSession } from "../../sessions/page-session.js";
import { placementJobScript } from "../../site/placement-job-script.js";
import { plural } from "../shared/plural.js";
import { renderSignedInPage } from "../shared/signed-in-page.js";

const count = (n: number) => n.toLocaleString("en-US");

/**
 * Where a job is, in a person's words: the step it is at, one sentence of what is happening now,
 * and the progress bar's value and name. Written once: assets/placement-job.js reads this page again
 * and carries the words over.
 */
export function jobStatus(job: PlacementJobView): { step: string; now: string; value: number; max: number; measured: string } {
  const total = job.rowsTotal ?? 0;
  if (job.state === "checking") {
    return job.rowsTotal === null
      ? { step: "Reading your file", now: "Reading the file. Nothing is saved yet.", value: 0, max: 1, measured: "Accounts checked" }
      : {
          step: "Checking every account",
          now: `Checked ${count(job.rowsChecked)} of ${count(total)} accounts. None is on your Desk until all are checked and saved.`,
          value: job.rowsChecked,
          max: total,
          measured: "Accounts checked",
        };
  }
  if (job.state === "saving") {
    return {
      step: "Saving the accounts",
      now: `Saved ${count(job.rowsSaved)} of ${count(total)} accounts. None is on your Desk until all are saved.`,
      value: job.rowsSaved,
      max: total,
      measured: "Accounts saved",
    };
  }
  if (job.state === "placed" && !job.released) {
    // Account Workflow is queued only where the Desk has it on: no run queued yet says nothing of it.
    const starting = job.workflowRuns > 0;
    return {
      step: starting ? "Starting Account Workflow" : "Finishing",
      now: `All are on your Desk. ${starting ? "Starting Account Workflow for them" : "Finishing"}: ${count(job.accountsReleased)} of ${count(job.rowsSaved)}.`,
      value: job.accountsReleased,
      max: job.rowsSaved,
      measured: starting ? "Accounts with Account Workflow started" : "Accounts finished",
    };
  }
  if (job.state === "placed") {
    return { step: `${plural(job.rowsSaved, "account")} placed`, now: "All are on your Desk.", value: 1, max: 1, measured: "" };
  }
  return { step: "Nothing was placed", now: job.problem?.message ?? "The file could not be placed.", value: 0, max: 1, measured: "" };
}

/** Whether the job is still at work (checking, saving, or starting Account Workflow). */
export const jobGoing = (job: PlacementJobView) => job.state === "checking" || job.state === "saving" || (job.state === "placed" && !job.released);

/**
 * A file being placed, or placed (issue 47): where it is now, which survives a reload and shows the
 * same in a second tab. The heading stays "Placing your file" while it goes (the step is the notice's
 * title); with JavaScript the step, sentence and bar are read again every second or two; without, a
 * link reads them again. Nothing here sends, pays or contacts anyone.
 */
export function renderPlacementJobPage(session: PageSession, job: PlacementJobView): string {
  const status = jobStatus(job);
  const going = jobGoing(job);
  const heading = going ? "Placing your file" : status.step;
  return renderSignedInPage(session, {
    title: heading,
    path: PAGE_PATHS.place,
    scripts: going ? [placementJobScript().path] : [],
    children: (
      <>
        <h1>{heading}</h1>
        {job.state === "failed" ? (
          <Notice tone="bad" role="alert" title={job.problem?.details === undefined ? "What to fix" : `${count(job.problem.details.length)} problems listed`}>
            <p>{status.now}</p>
            {job.problem?.details === undefined || job.problem.details.length <= 1 ? null : (
              <ul>
                {job.problem.details.map((detail) => (
                  <li key={`${detail.row}-${detail.field}-${detail.code}`}>{detail.message}</li>
                ))}
              </ul>
            )}
          </Notice>
        ) : going ? (
          <div class="notice job-progress" data-placement-job={job.jobId}>
            <p class="notice-title" data-job-step>
              {status.step}
            </p>
            <p data-job-now>{status.now}</p>
            <progress value={status.value} max={Math.max(status.max, 1)} aria-label={status.measured} />
            {/* Screen readers hear each step and every quarter, not every reading. */}
            <p class="visually-hidden" role="status" data-job-spoken />
          </div>
        ) : (
          <Notice tone="good" role="status" title="Your file is placed">
            <p>All {plural(job.rowsSaved, "account")} from your file are on your Desk now.</p>
          </Notice>
        )}
        {going ? (
          <>
            <p>
              You can leave or close this page: the file goes on being placed, and Place accounts shows its progress. Placing adds the accounts
              to your Desk and, if Account Workflow is on for your Desk, starts it for them (intake checks and bookkeeping). Nobody is contacted
              and no money moves.
            </p>
            <p>
              <a href={PAGES.placementJob(job.jobId)} data-job-refresh>
                Show the latest progress
              </a>
            </p>
          </>
        ) : null}
        {job.state === "placed" && !going ? (
          <p>
            {job.workflowRuns === 0 ? "Account Workflow is off for your Desk, so none was started." : `Account Workflow was started for ${plural(job.workflowRuns, "account")}.`}{" "}
            Nobody was contacted and no money moved.
          </p>
        ) : null}
        {job.state === "failed" ? <p>Nothing from this file is on your Desk. Fix the file in your spreadsheet, save it as CSV, and send it again.</p> : null}
        <p>
          <a href={`${PAGES.place}#placements`}>{job.state === "placed" && !going ? "See them on Place accounts" : "Back to Place accounts"}</a>
        </p>
      </>
    ),
  });
}
