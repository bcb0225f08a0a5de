// A file being placed (issue 47): the job's page reads its status again every second or two from
// /api/v1 (with the session) and shows it, so the person sees it move without reloading. Without
// JavaScript the page's "See how it goes now" link does the same. When the job has ended the page
// is loaded again, to show the result as the service words it.
(() => {
  const box = document.querySelector("[data-placement-job]");
  if (!box) return;
  const now = box.querySelector("[data-job-now]");
  const bar = box.querySelector("progress");
  const count = (n) => n.toLocaleString("en-US");

  function describe(job) {
    const total = job.rowsTotal ?? 0;
    if (job.state === "checking") {
      if (job.rowsTotal === null) return ["Reading the file. Nothing is saved yet.", 0, 1];
      return [`Checked ${count(job.rowsChecked)} of ${count(total)} accounts. Nothing is saved yet.`, job.rowsChecked, total];
    }
    if (job.state === "saving") return [`Saved ${count(job.rowsSaved)} of ${count(total)} accounts. None is on your Desk until all are.`, job.rowsSaved, total];
    return [`All are on your Desk. Starting Account Workflow for them: ${count(job.accountsReleased)} of ${count(job.rowsSaved)}.`, job.accountsReleased, job.rowsSaved];
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
        const [text, value, max] = describe(job);
        now.textContent = text;
        bar.max = Math.max(max, 1);
        bar.value = value;
      }
    } catch {
      // A dropped connection: look again at the next turn.
    }
    setTimeout(look, 1500);
  }
  setTimeout(look, 1000);
})();
