import { createHash } from "node:crypto";
import { DRAFT_STATUS, LOCAL_TIME_SCRIPT, Name, Notice, NothingIsSentNotice, renderFragment, STYLESHEET, StatusBadge, TimeZoneNote } from "@connector/ui";
import type { CardEntry } from "./card-catalogue.js";
import { CARD_WORDS } from "./card-words.js";
import { readPackageAsset } from "./package-assets.js";

/** What a card's document needs from the service: where its review pages are, and who it is. */
export interface CardSettings {
  baseUrl: string;
  /** `{base_url}/drafts/{draftId}` with the placeholder kept: core's draftReviewPath, for results that carry only a draft id. */
  draftReviewUrl: string;
  appName: string;
  appVersion: string;
}

const VIEW_SCRIPT = readPackageAsset("card-view.js").toString("utf8");
const CARD_STYLE = `${STYLESHEET.body.toString("utf8")}\n${readPackageAsset("card.css").toString("utf8")}`;
const TIME_SCRIPT = LOCAL_TIME_SCRIPT.body.toString("utf8");

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * The card's own policy, beside the one the host builds from the resource's `_meta.ui.csp` (which
 * declares no domain at all): only its own inline style and scripts, by hash; no connection, frame,
 * form, base or plugin. A host that loosened its policy would still not load anything else here.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src ${sha256(VIEW_SCRIPT)} ${sha256(TIME_SCRIPT)}`,
  `style-src ${sha256(CARD_STYLE)}`,
  "img-src data:",
  "connect-src 'none'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

/** JSON inside a `<script>`: `<` escaped, so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * A card's HTML document (the `ui://` resource's text): the same for every call, with no data of any
 * result in it. The host hands it the result; its script writes it in. Static parts are the pages'
 * own components, rendered here: the notice that nothing is sent, the status badges and the `<bdi>`
 * every name goes in (cloned by the script from `<template>`s).
 */
export function renderCardDocument(entry: CardEntry, settings: CardSettings): string {
  const config = { card: entry.id, draftReviewUrl: settings.draftReviewUrl, appName: settings.appName, appVersion: settings.appVersion, words: CARD_WORDS };
  const document = (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta http-equiv="Content-Security-Policy" content={CONTENT_SECURITY_POLICY} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{entry.title}</title>
        <style dangerouslySetInnerHTML={{ __html: CARD_STYLE }} />
      </head>
      <body>
        <main class="card-view">
          <p class="muted" data-card-waiting>
            Waiting for the tool's result…
          </p>
          <div data-card-body hidden />
          <NothingIsSentNotice>
            <p>This card only shows what the tool answered. To review, approve or discard, open the service's page.</p>
          </NothingIsSentNotice>
          <TimeZoneNote />
        </main>
        <template data-template="name">
          <Name>{""}</Name>
        </template>
        <template data-template="warn">
          <Notice tone="warn" title="Problems approval would meet">
            {null}
          </Notice>
        </template>
        {Object.entries(DRAFT_STATUS).map(([status, words]) => (
          <template key={status} data-status={status}>
            <StatusBadge tone={words.tone}>{words.label}</StatusBadge>
          </template>
        ))}
        <script type="application/json" id="card-config" dangerouslySetInnerHTML={{ __html: scriptJson(config) }} />
        <script dangerouslySetInnerHTML={{ __html: VIEW_SCRIPT }} />
        <script dangerouslySetInnerHTML={{ __html: TIME_SCRIPT }} />
      </body>
    </html>
  );
  return `<!DOCTYPE html>\n${renderFragment(document)}`;
}
