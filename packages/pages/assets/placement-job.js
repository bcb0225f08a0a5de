// A file being placed (issue 47): the job's page reads its status again every second or two from
// /api/v1 (with the session) and shows it, so the person sees it move without reloading. Without
// JavaScript the page's "Show the latest progress" link does the same. When the job has ended the
// page is loaded again, to show the result as the service words it. The words here are the page's
// own (jobStatus in src/views/desk/placement-job-page.tsx): keep the two alike.
(() => {
  const box = document.querySelector("[data-placement-job]");
  if (!box) return;
  const step = box.querySelector("[data-job-step]");
  const now = box.querySelector("[data-job-now]");
  const bar = box.querySelector("progress");
  const spoken = box.querySelector("[data-job-spoken]");
  const count = (n) => n.toLocaleString("en-US");

  /** [step, sentence, value, max, what the bar measures] */
  function describe(job) {
    const total = job.rowsTotal ?? 0;
    if (job.state === "checking") {
      if (job.rowsTotal === null) return ["Reading your file", "Reading the file. Nothing is saved yet.", 0, 1, "Accounts checked"];
      return ["Checking every account", `Checked ${count(job.rowsChecked)} of ${count(total)} accounts. Nothing is saved yet.`, job.rowsChecked, total, "Accounts checked"];
    }
    if (job.state === "saving") {
      return ["Saving the accounts", `Saved ${count(job.rowsSaved)} of ${count(total)} accounts. None is on your Desk until all are saved.`, job.rowsSaved, total, "Accounts saved"];
    }
    const starting = job.workflowRuns > 0;
    return [
      starting ? "Starting Account Workflow" : "Finishing",
      `All are on your Desk. ${starting ? "Starting Account Workflow for them" : "Finishing"}: ${count(job.accountsReleased)} of ${count(job.rowsSaved)}.`,
      job.accountsReleased,
      job.rowsSaved,
      starting ? "Accounts with Account Workflow started" : "Accounts finished",
    ];
  }

  // Screen readers hear each new step and every quarter of it, not every reading.
  let lastSaid = "";
  function say(stepName, value, max) {
    const quarter = Math.floor((value / Math.max(max, 1)) * 4) * 25;
    const words = `${stepName}: ${quarter} percent.`;
    if (words !== lastSaid) {
      lastSaid = words;
      spoken.textContent = words;
    }
  }

  async function look() {
    try {
      const answer = await fetch(box.dataset.api, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (answer.ok) {
        const job = await answer.json();
        if (job.state === "failed" || (job.state === "placed" && job.released)) {
          window.location.reload();
          return;
        }
        const [stepName, text, value, max, measured] = describe(job);
        step.textContent = stepName;
        now.textContent = text;
        bar.max = Math.max(max, 1);
        bar.value = value;
        bar.setAttribute("aria-label", measured);
        say(stepName, value, max);
      }
    } catch {
      // A dropped connection: look again at the next turn.
    }
    setTimeout(look, 1500);
  }
  setTimeout(look, 1000);
})();
