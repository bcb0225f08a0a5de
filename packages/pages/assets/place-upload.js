// The place screen's CSV form for files bigger than one request may be (spec §8: 64 KiB). Served from
// the service itself (CSP script-src 'self'). Without JavaScript the form posts the file as it is
// (up to 64 KB); with it, a bigger file is sent in parts of at most 64 KiB to /api/v1's uploads
// (docs/api-v1.md), with the progress shown, and resumed where it stopped if the connection drops;
// then the person is taken to the file's one preview, where they confirm once. A file whose sending
// stopped (a reload, a page left) is remembered in this tab (sessionStorage) and named in a notice
// when the place screen is opened again, with a way to carry on or to cancel it.
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
  class Refused extends Error {
    constructor(message, status) {
      super(message);
      this.status = status;
    }
  }

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
    throw new Refused(message, answer.status);
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

  // This tab's files whose sending stopped: key (the file's name, size, date and agency) → { uploadId, name, size }.
  const PREFIX = "place-upload:";
  const remembered = (key) => {
    try {
      const value = JSON.parse(sessionStorage.getItem(key) ?? "null");
      return typeof value?.uploadId === "string" ? value : undefined;
    } catch {
      return undefined;
    }
  };
  const list = document.querySelector("[data-upload-interrupted-list]");
  const notices = new Map();

  /** The notice naming a file that was not sent completely, from the page's template. */
  function showInterrupted(key, file, upload) {
    const notice = list.querySelector("template[data-upload-interrupted]").content.firstElementChild.cloneNode(true);
    notice.querySelector("[data-interrupted-file]").textContent = `${file.name} (${megabytes(file.size)})`;
    notice.querySelector("[data-interrupted-sent]").textContent = `${megabytes(upload.receivedBytes)} of ${megabytes(upload.size)}`;
    const cancel = notice.querySelector("[data-interrupted-cancel]");
    const problem = notice.querySelector("[data-interrupted-problem]");
    cancel.addEventListener("click", async () => {
      cancel.disabled = true;
      problem.hidden = true;
      try {
        const { csrfToken } = await call("GET", me);
        await call("DELETE", `${api}/${file.uploadId}`, csrfToken);
      } catch (error) {
        // Refused (gone meanwhile, or being placed in another tab): the service's own words.
        problem.textContent =
          error instanceof Refused ? error.message : "The file could not be cancelled: the connection dropped. Nothing from it is placed. Try again in a moment.";
        problem.hidden = false;
        cancel.disabled = false;
        if (error instanceof Refused && error.status === 404) {
          sessionStorage.removeItem(key);
          notices.delete(key);
          cancel.hidden = true;
        }
        return;
      }
      sessionStorage.removeItem(key);
      notices.delete(key);
      const done = list.querySelector("template[data-upload-interrupted-cancelled]").content.firstElementChild.cloneNode(true);
      done.querySelector("[data-interrupted-file]").textContent = `${file.name} (${megabytes(file.size)})`;
      notice.replaceWith(done);
      done.focus();
    });
    notices.set(key, notice);
    list.append(notice);
  }

  /** On opening the page: each file this tab was sending, if the service still holds it. */
  async function findInterrupted() {
    if (!list) return;
    const keys = [];
    for (let index = 0; index < sessionStorage.length; index++) {
      const key = sessionStorage.key(index);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) {
      const file = remembered(key);
      if (file === undefined) {
        sessionStorage.removeItem(key);
        continue;
      }
      try {
        showInterrupted(key, file, await call("GET", `${api}/${file.uploadId}`));
      } catch (error) {
        // Expired, cancelled or placed meanwhile: forgotten. A dropped connection: asked again next time.
        if (error instanceof Refused) sessionStorage.removeItem(key);
      }
    }
  }
  findInterrupted();

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
    const key = `${PREFIX}${file.name}:${file.size}:${file.lastModified}:${agency}`;
    // Carrying on with a file named in a notice: the notice has done its work.
    notices.get(key)?.remove();
    notices.delete(key);
    try {
      const { csrfToken } = await call("GET", me);
      let upload;
      const known = remembered(key)?.uploadId;
      if (known) upload = await call("GET", `${api}/${known}`).catch(() => undefined);
      if (!upload || upload.size !== file.size) {
        upload = await call("POST", api, csrfToken, JSON.stringify(agency ? { size: file.size, agency_desk_id: agency } : { size: file.size }), "application/json");
        sessionStorage.setItem(key, JSON.stringify({ uploadId: upload.uploadId, name: file.name, size: file.size }));
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
