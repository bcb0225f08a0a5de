// The place screen's CSV form for files bigger than one request may be (spec §8: 64 KiB). Served from
// the service itself (CSP script-src 'self'). Without JavaScript the form posts the file as it is
// (up to 64 KB); with it, a bigger file is sent in parts of at most 64 KiB to /api/v1's uploads
// (docs/api-v1.md), with the progress shown, and resumed where it stopped if the connection drops;
// then the person is taken to the file's one preview, where they confirm once.
(() => {
  const box = document.querySelector("[data-place-upload]");
  const form = box?.closest("form");
  const input = form?.querySelector('input[type="file"]');
  if (!box || !form || !input) return;
  const { api, me, preview, formMax } = box.dataset;
  const bar = box.querySelector("progress");
  const shown = box.querySelector("[data-upload-shown]");
  const spoken = box.querySelector("[data-upload-spoken]");
  const problem = form.querySelector("[data-upload-problem]");
  const problemText = problem?.querySelector("[data-upload-problem-text]");
  const button = form.querySelector('button[type="submit"]');

  const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /** An answer the service refused, with its own words (the error body's message). */
  class Refused extends Error {}

  async function call(method, url, token, body, type) {
    const headers = { Accept: "application/json" };
    if (token) headers["X-CSRF-Token"] = token;
    if (type) headers["Content-Type"] = type;
    const answer = await fetch(url, { method, headers, body, credentials: "same-origin" });
    const json = await answer.json().catch(() => ({}));
    if (answer.ok) return json;
    const message = json?.error?.message ?? "The service did not accept the file.";
    // A busy or failing service is worth another try; a refusal is not.
    if (answer.status === 429 || answer.status >= 500) throw new Error(message);
    throw new Refused(message);
  }

  /** A part sent, tried again after a dropped connection or a busy service (1, 2, 4 seconds). */
  async function sendPart(url, token, bytes) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call("PUT", url, token, bytes, "application/octet-stream");
      } catch (error) {
        if (error instanceof Refused || attempt >= 3) throw error;
        await sleep(1000 * 2 ** attempt);
      }
    }
  }

  let lastSpoken = -1;
  function progress(sentBytes, size, part, parts) {
    bar.max = size;
    bar.value = sentBytes;
    shown.textContent = `Sent ${megabytes(sentBytes)} of ${megabytes(size)} (part ${part} of ${parts}).`;
    // Screen readers hear a quarter at a time, not every part.
    const quarter = Math.floor((sentBytes / size) * 4);
    if (quarter !== lastSpoken) {
      lastSpoken = quarter;
      spoken.textContent = `${quarter * 25} percent of the file sent.`;
    }
  }

  function showProblem(message) {
    problemText.textContent = message;
    problem.hidden = false;
    box.hidden = true;
    button.disabled = false;
    problem.focus();
  }

  form.addEventListener("submit", async (event) => {
    const file = input.files?.[0];
    // A small file (or none) goes with the form itself, as without JavaScript.
    if (!file || file.size <= Number(formMax)) return;
    event.preventDefault();
    problem.hidden = true;
    box.hidden = false;
    button.disabled = true;
    lastSpoken = -1;
    const agency = form.querySelector('[name="agencyDeskId"]')?.value ?? "";
    // The same file chosen again resumes the upload that stopped (this tab only).
    const key = `place-upload:${file.name}:${file.size}:${file.lastModified}:${agency}`;
    try {
      const { csrfToken } = await call("GET", me);
      let upload;
      const known = sessionStorage.getItem(key);
      if (known) upload = await call("GET", `${api}/${known}`).catch(() => undefined);
      if (!upload || upload.size !== file.size) {
        upload = await call("POST", api, csrfToken, JSON.stringify(agency ? { size: file.size, agency_desk_id: agency } : { size: file.size }), "application/json");
        sessionStorage.setItem(key, upload.uploadId);
      }
      const received = new Set(upload.received);
      let sent = upload.receivedBytes;
      progress(sent, file.size, received.size, upload.chunkCount);
      for (let index = 0; index < upload.chunkCount; index++) {
        if (received.has(index)) continue;
        const start = index * upload.chunkBytes;
        const part = file.slice(start, Math.min(start + upload.chunkBytes, file.size));
        await sendPart(`${api}/${upload.uploadId}/chunks/${index}`, csrfToken, await part.arrayBuffer());
        received.add(index);
        sent += part.size;
        progress(sent, file.size, received.size, upload.chunkCount);
      }
      shown.textContent = `All ${megabytes(file.size)} sent. Checking every account; nothing is saved yet…`;
      spoken.textContent = "The whole file is sent. Checking every account.";
      sessionStorage.removeItem(key);
      window.location.assign(`${preview}${upload.uploadId}`);
    } catch (error) {
      if (error instanceof Refused) {
        sessionStorage.removeItem(key);
        showProblem(error.message);
      } else {
        showProblem("The connection dropped before the whole file was sent. Nothing is saved. Press Preview again with the same file to carry on from where it stopped.");
      }
    }
  });
})();
