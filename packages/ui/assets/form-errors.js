// A refused form (ErrorSummary in @connector/ui) puts the person at what to fix: the summary at the
// top of the viewport, the first field marked wrong focused below it (else the summary itself).
// The field's `autofocus` does the focusing without JavaScript; this adds the summary in view, and
// works where autofocus does not: with a #fragment in the address (a letter's `#the-letter`) the
// browser ignores autofocus and, once the page has loaded, moves focus to the fragment's target, so
// this runs after that.
(() => {
  const putAtWhatToFix = () => {
  const summary = document.querySelector(".error-summary");
  if (!summary) return;
  const field = summary.closest("form")?.querySelector('[aria-invalid="true"]') ?? document.querySelector('[aria-invalid="true"]');
  summary.scrollIntoView({ block: "start" });
  if (!field) {
    summary.focus({ preventScroll: true });
    return;
  }
  const box = field.getBoundingClientRect();
  // Both in view when they fit; the field wins when they do not.
  field.focus({ preventScroll: box.bottom <= window.innerHeight });
  // A summary link focuses its field (a plain #link would only scroll to it).
  for (const link of summary.querySelectorAll("a[href^='#']")) {
    link.addEventListener("click", (event) => {
      const target = document.getElementById(link.getAttribute("href").slice(1));
      if (!target) return;
      event.preventDefault();
      target.closest(".field")?.scrollIntoView({ block: "start" });
      target.focus({ preventScroll: true });
    });
  }
};
if (document.querySelector(".error-summary")) {
  if (location.hash === "") putAtWhatToFix();
  else window.addEventListener("load", () => setTimeout(putAtWhatToFix, 0));
}
})();
