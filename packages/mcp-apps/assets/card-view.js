// An MCP Apps View (extension io.modelcontextprotocol/ui, 2026-01-26): a read-only card of one tool
// result. It speaks the extension's postMessage protocol itself (ui/initialize, the initialized
// notification, tool-result, open-link, size-changed): the extension's View library bundles the MCP
// SDK and zod (over 500 KB) for what fits here. The host's own library drives it in the tests.
//
// Safe by construction: every value from the result is written with textContent or as an attribute
// (never as HTML); names someone typed go in a clone of the pages' <bdi> (Name in @connector/ui);
// the only control is a link to the service's review page, opened by the host (ui/open-link).
(() => {
  const config = JSON.parse(document.getElementById("card-config").textContent);
  const root = document.querySelector("[data-card-body]");
  const waiting = document.querySelector("[data-card-waiting]");
  const host = window.parent;
  let nextId = 1;
  const pending = new Map();

  const send = (message) => host.postMessage({ jsonrpc: "2.0", ...message }, "*");
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      send({ id, method, params });
    });
  const notify = (method, params) => send({ method, params });

  // --- Building blocks, each the pages' own markup (cloned from templates the server rendered). ---
  const clone = (selector) => document.querySelector(selector).content.firstElementChild.cloneNode(true);
  const element = (tag, text, attributes = {}) => {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    return node;
  };
  const name = (text) => {
    const node = clone("template[data-template=name]");
    node.textContent = text;
    return node;
  };
  const status = (value) => (config.words.status[value] ? clone(`template[data-status="${value}"]`) : element("span", String(value)));
  const time = (iso, kind = "date-time") => element("time", iso, { datetime: iso, "data-local-time": kind });
  const line = (...parts) => {
    const paragraph = element("p");
    for (const part of parts) paragraph.append(part);
    return paragraph;
  };
  const details = (rows) => {
    const list = element("dl", undefined, { class: "details" });
    for (const [term, value] of rows) list.append(element("dt", term), typeof value === "string" ? element("dd", value) : wrap("dd", value));
    return list;
  };
  const wrap = (tag, child) => {
    const node = element(tag);
    node.append(child);
    return node;
  };
  const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`;

  // The card's one action: the host opens the service's page in the person's browser.
  const reviewLink = (url, label) => {
    const link = element("a", label, { href: url, class: "button primary", target: "_blank", rel: "noopener noreferrer" });
    link.addEventListener("click", (event) => {
      event.preventDefault();
      request("ui/open-link", { url }).catch(() => {
        link.after(element("p", `The client did not open the page. Its address: ${url}`, { class: "muted" }));
      });
    });
    return link;
  };
  const draftUrl = (draftId) => config.draftReviewUrl.replace("{draftId}", encodeURIComponent(draftId));
  const requestTitle = (draft) => [`${config.words.requestKinds[draft.requestKind] ?? draft.requestKind} to `, name(draft.recipient)];

  // --- The cards, one per shape of structuredContent. ---
  const heading = (...parts) => {
    const node = element("h1");
    node.append(...parts);
    return node;
  };

  const money = (amount, currency) => {
    try {
      return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount);
    } catch {
      return `${amount} ${currency}`;
    }
  };
  const PROBLEM_WORDS = { already_placed: "already placed on this Desk", repeated: "appears more than once in this draft" };

  // The accounts as saved (reference and amount) and what approval would refuse, when the result has them.
  const savedAccounts = (accounts = [], problems = []) => {
    const parts = [];
    if (problems.length > 0) {
      const notice = clone("template[data-template=warn]");
      notice.append(element("p", "Approval would refuse these references until they are left out:"));
      const list = element("ul");
      for (const problem of problems) list.append(wrap("li", line(name(problem.reference), `: ${PROBLEM_WORDS[problem.reason] ?? problem.reason}`)));
      notice.append(list);
      parts.push(notice);
    }
    if (accounts.length === 0) return parts;
    const table = element("table", undefined, { class: "reflow" });
    table.append(element("caption", "Accounts in this draft"));
    const head = element("tr");
    for (const label of ["Reference", "Amount"]) head.append(element("th", label, { scope: "col" }));
    table.append(wrap("thead", head));
    const body = element("tbody");
    for (const account of accounts) {
      const row = element("tr");
      const reference = element("td", undefined, { "data-label": "Reference" });
      reference.append(name(account.reference));
      row.append(reference, element("td", money(account.amount, account.currency), { "data-label": "Amount" }));
      body.append(row);
    }
    table.append(body);
    parts.push(wrap("div", table));
    parts[parts.length - 1].className = "table-wrap";
    return parts;
  };

  const placementDraft = ({ draft, accounts, problems, reviewUrl, notice }) => [
    heading(name(draft.title)),
    line("Placement draft of ", plural(draft.accountCount, "account", "accounts"), ". Status: ", status(draft.reviewStatus)),
    ...savedAccounts(accounts, problems),
    details([
      ["Saved", time(draft.createdAt)],
      ["Last changed", time(draft.updatedAt)],
      ["Draft id", draft.draftId],
    ]),
    element("p", notice),
    reviewLink(reviewUrl, "Review it on the service"),
  ];

  // The letter as it will read (the tool's own text, places to fill in bracketed), in the pages' letter box.
  // What someone typed that it quotes (the recipient, their reference) goes in the pages' <bdi> wherever
  // it appears, so a direction control in it cannot reorder the rest of its line (issue 51).
  const letterBox = (text, typed) => {
    const box = element("div", undefined, { class: "letter" });
    const values = typed.filter((value) => typeof value === "string" && value !== "").sort((a, b) => b.length - a.length);
    let rest = text;
    while (rest !== "") {
      let at = -1;
      let found = "";
      for (const value of values) {
        const index = rest.indexOf(value);
        if (index !== -1 && (at === -1 || index < at)) {
          at = index;
          found = value;
        }
      }
      if (at === -1) {
        box.append(rest);
        break;
      }
      box.append(rest.slice(0, at), name(found));
      rest = rest.slice(at + found.length);
    }
    return box;
  };
  const letter = (text, draft) =>
    typeof text === "string" ? [element("h2", "The letter"), letterBox(text, [draft.recipient, draft.reference])] : [];

  const requestDraft = ({ draft, letter: text, notice }) => [
    heading(...requestTitle(draft)),
    line("A letter for you to send. Status: ", status(draft.reviewStatus)),
    ...letter(text, draft),
    details([
      ["Recipient", name(draft.recipient)],
      ["Their reference", draft.reference === null ? "none given" : name(draft.reference)],
      ["How you plan to send it", config.words.channels[draft.channel] ?? draft.channel],
      ["Saved", time(draft.createdAt)],
      ["Draft id", draft.draftId],
    ]),
    element("p", notice),
    reviewLink(draftUrl(draft.draftId), "Read the letter on the service"),
  ];

  const draftList = (drafts, caption, describe, empty) => {
    if (drafts.length === 0) return [heading(caption), element("p", empty)];
    const table = element("table", undefined, { class: "reflow" });
    table.append(element("caption", caption));
    const head = element("tr");
    for (const label of ["Draft", "What", "Status", "Saved"]) head.append(element("th", label, { scope: "col" }));
    table.append(wrap("thead", head));
    const body = element("tbody");
    for (const draft of drafts) {
      const row = element("tr");
      const cells = [reviewLink(draftUrl(draft.draftId), ""), describe(draft), status(draft.reviewStatus), time(draft.createdAt)];
      cells[0].className = "";
      cells[0].append(...(draft.kind === "placement" ? [name(draft.title)] : requestTitle(draft)));
      ["Draft", "What", "Status", "Saved"].forEach((label, index) => {
        const cell = element("td", undefined, { "data-label": label });
        cell.append(cells[index]);
        row.append(cell);
      });
      body.append(row);
    }
    table.append(body);
    const holder = element("div", undefined, { class: "table-wrap" });
    holder.append(table);
    return [holder];
  };

  const approvedOffer = ({ offer, notice }) => {
    const deadline = element("div", undefined, { class: "notice warn" });
    deadline.append(line("Act by ", time(offer.expiresAt, "act-by")), line("The offer expires ", time(offer.expiresAt), "."));
    deadline.firstChild.className = "notice-title";
    const terms = element("blockquote", undefined, { class: "card" });
    // The creditor's words verbatim: their line breaks kept by the stylesheet, never turned into markup.
    terms.append(element("p", offer.terms, { class: "verbatim", id: "offer-terms" }));
    return [
      heading("Approved offer for account ", name(offer.accountReference)),
      deadline,
      details([
        ["Approved by the creditor", time(offer.approvedAt)],
        ["Expires", time(offer.expiresAt)],
        ["Offer id", offer.offerId],
      ]),
      element("h2", "The creditor's terms, word for word"),
      terms,
      element("p", notice),
      reviewLink(offer.reviewUrl, "Open the offer on the service"),
    ];
  };

  const CARDS = {
    "placement-drafts": (content) =>
      Array.isArray(content.drafts)
        ? draftList(content.drafts, "Placement drafts saved by this connection", (draft) => `Placement of ${plural(draft.accountCount, "account", "accounts")}`, "No drafts yet.")
        : placementDraft(content),
    "consumer-requests": (content) =>
      Array.isArray(content.requests)
        ? draftList(content.requests, "Request drafts saved by this connection", () => "A letter for you to send", "No drafts yet.")
        : requestDraft(content),
    "approved-offer": approvedOffer,
  };

  const show = (nodes) => {
    root.replaceChildren(...nodes);
    root.hidden = false;
    waiting.hidden = true;
    document.dispatchEvent(new Event("connector:times-added"));
  };

  const showResult = (result) => {
    const content = result?.structuredContent;
    if (!content || result.isError) {
      show([element("p", "The tool did not return anything to show here. Its answer is in the conversation.")]);
      return;
    }
    show(CARDS[config.card](content));
  };

  // --- The protocol. ---
  window.addEventListener("message", (event) => {
    if (event.source !== host) return;
    const message = event.data;
    if (message?.jsonrpc !== "2.0") return;
    if (message.id !== undefined && message.method === undefined) {
      const waiter = pending.get(message.id);
      if (waiter === undefined) return;
      pending.delete(message.id);
      if (message.error) waiter.reject(message.error);
      else waiter.resolve(message.result);
      return;
    }
    if (message.method === "ui/notifications/tool-result") showResult(message.params);
    // Requests the View must answer: a ping, and teardown (nothing to save: the card changes nothing).
    if (message.id !== undefined && (message.method === "ping" || message.method === "ui/resource-teardown")) send({ id: message.id, result: {} });
  });

  request("ui/initialize", {
    appInfo: { name: config.appName, version: config.appVersion },
    appCapabilities: { availableDisplayModes: ["inline"] },
    protocolVersion: "2026-01-26",
  }).then(() => {
    notify("ui/notifications/initialized", {});
    // Hosts size the frame to its content (flexible height): report it as it changes.
    let last = "";
    new ResizeObserver(() => {
      const size = { width: Math.ceil(document.documentElement.scrollWidth), height: Math.ceil(document.documentElement.scrollHeight) };
      const key = `${size.width}x${size.height}`;
      if (key !== last) {
        last = key;
        notify("ui/notifications/size-changed", size);
      }
    }).observe(document.documentElement);
  });
})();
