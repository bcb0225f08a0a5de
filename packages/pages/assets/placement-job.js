// A file being placed (issue 47): the job's page reads itself again every second or two (with the
// session) and shows the new step, sentence and bar, so the person sees it move without reloading.
// The words are the page's own, written once on the server (jobStatus in
// src/views/desk/placement-job-page.tsx); this script only carries them over. Without JavaScript the
// page's "Show the latest progress" link does the same. When the job has ended the page is loaded
// again, to show the result as the service words it.
(() => {
  const box = document.querySelector("[data-placement-job]");
  if (!box) return;
  const step = box.querySelector("[data-job-step]");
  const now = box.querySelector("[data-job-now]");
  const bar = box.querySelector("progress");
  const spoken = box.querySelector("[data-job-spoken]");

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
      const answer = await fetch(window.location.href, { headers: { Accept: "text/html" }, credentials: "same-origin" });
      if (answer.ok) {
        const page = new DOMParser().parseFromString(await answer.text(), "text/html");
        const fresh = page.querySelector("[data-placement-job]");
        // The job has ended (placed, or nothing placed): the page says how, in full.
        if (!fresh) {
          window.location.reload();
          return;
        }
        const freshBar = fresh.querySelector("progress");
        step.textContent = fresh.querySelector("[data-job-step]").textContent;
        now.textContent = fresh.querySelector("[data-job-now]").textContent;
        bar.max = freshBar.max;
        bar.value = freshBar.value;
        bar.setAttribute("aria-label", freshBar.getAttribute("aria-label") ?? "");
        say(step.textContent, bar.value, bar.max);
      }
    } catch {
      // A dropped connection: look again at the next turn.
    }
    setTimeout(look, 1500);
  }
  setTimeout(look, 1000);
})();
