import type { PlacementJobView } from "@connector/core/placements";
import { Notice, PAGE_PATHS } from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import type { PageSession } from "../../sessions/page-session.js";
import { placementJobScript } from "../../site/placement-job-script.js";
import { plural } from "../shared/plural.js";
import { renderSignedInPage } from "../shared/signed-in-page.js";

const count = (n: number) => n.toLocaleString("en-US");

/** Where a job is, in a person's words: a heading and one sentence of what is happening now. */
export function jobStatus(job: PlacementJobView): { heading: string; now: string; value: number; max: number } {
  const total = job.rowsTotal ?? 0;
  if (job.state === "checking") {
    return job.rowsTotal === null
      ? { heading: "Reading your file", now: "Reading the file. Nothing is saved yet.", value: 0, max: 1 }
      : { heading: "Checking every account", now: `Checked ${count(job.rowsChecked)} of ${count(total)} accounts. Nothing is saved yet.`, value: job.rowsChecked, max: total };
  }
  if (job.state === "saving") {
    return {
      heading: "Saving the accounts",
      now: `Saved ${count(job.rowsSaved)} of ${count(total)} accounts. None is on your Desk until all are.`,
      value: job.rowsSaved,
      max: total,
    };
  }
  if (job.state === "placed" && !job.released) {
    return {
      heading: `${plural(job.rowsSaved, "account")} placed`,
      now: `All are on your Desk. Starting Account Workflow for them: ${count(job.accountsReleased)} of ${count(job.rowsSaved)}.`,
      value: job.accountsReleased,
      max: job.rowsSaved,
    };
  }
  if (job.state === "placed") {
    return { heading: `${plural(job.rowsSaved, "account")} placed`, now: "All are on your Desk.", value: 1, max: 1 };
  }
  return { heading: "Nothing was placed", now: job.problem?.message ?? "The file could not be placed.", value: 0, max: 1 };
}

/**
 * A file being placed, or placed (issue 47): where it is now, which survives a reload and shows the
 * same in a second tab. With JavaScript the status is read again every second or two; without, a
 * link reads it again. Nothing here sends, pays or contacts anyone.
 */
export function renderPlacementJobPage(session: PageSession, job: PlacementJobView): string {
  const status = jobStatus(job);
  const going = job.state === "checking" || job.state === "saving" || (job.state === "placed" && !job.released);
  return renderSignedInPage(session, {
    title: status.heading,
    path: PAGE_PATHS.place,
    scripts: going ? [placementJobScript().path] : [],
    children: (
      <>
        <h1>{status.heading}</h1>
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
        ) : (
          <div data-placement-job={job.jobId} data-api={`/api/v1/placements/jobs/${job.jobId}`}>
            <Notice tone={going ? "info" : "good"} role="status" title={going ? "Placing your file" : "Your file is placed"}>
              <p data-job-now>{status.now}</p>
              <progress value={status.value} max={status.max} aria-label="How far the file has got" />
            </Notice>
          </div>
        )}
        {going ? (
          <p>
            You can leave this page: the file goes on being placed, and Place accounts shows how it goes. Placing adds the accounts to your
            Desk and starts Account Workflow (intake checks and bookkeeping): nobody is contacted and no money moves.{" "}
            <a href={PAGES.placementJob(job.jobId)} data-job-refresh>
              See how it goes now
            </a>
          </p>
        ) : null}
        {job.state === "placed" && !going ? (
          <p>
            {job.workflowRuns === 0 ? "Account Workflow is off for your Desk, so none was started." : `Account Workflow was started for ${plural(job.workflowRuns, "account")}.`}{" "}
            Nobody was contacted and no money moved.
          </p>
        ) : null}
        {job.state === "failed" ? <p>Nothing from this file is on your Desk. Fix the file in your spreadsheet, save it as CSV, and send it again.</p> : null}
        <p>
          <a href={`${PAGES.place}#placements`}>Back to Place accounts</a>
        </p>
      </>
    ),
  });
}
