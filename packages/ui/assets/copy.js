// Copy buttons (CopyButton in @connector/ui). Served from the service itself, so the page's
// Content-Security-Policy can say `script-src 'self'`. Without JavaScript the buttons stay hidden
// and the text stays selectable, so every page works without this file.
(() => {
  const announce = (button, message) => {
    const status = button.parentElement?.querySelector("[data-copy-status]");
    if (status) status.textContent = message;
  };
  for (const button of document.querySelectorAll("button[data-copy-target]")) {
    button.hidden = false;
    button.addEventListener("click", async () => {
      const target = document.getElementById(button.dataset.copyTarget);
      if (!target) return;
      const text = "value" in target ? target.value : target.textContent;
      try {
        await navigator.clipboard.writeText(text ?? "");
        announce(button, "Copied.");
      } catch {
        announce(button, "Copying was blocked: select the text and copy it yourself.");
      }
    });
  }
})();
