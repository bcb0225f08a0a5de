import { createHash } from "node:crypto";
import { SafeHtml, html } from "./html.js";

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b;line-height:1.45}
h1{font-size:1.35rem}label{display:block;margin:.5rem 0}input[type=email],input[type=password]{width:100%;padding:.4rem;box-sizing:border-box}
fieldset{border:1px solid #ccc;border-radius:6px;margin:1rem 0}.scope code{font-weight:600}.muted{color:#555;font-size:.9rem}
.actions{display:flex;gap:.75rem;margin-top:1rem}button{padding:.5rem 1.2rem;font-size:1rem;border-radius:6px;border:1px solid #888;cursor:pointer}
button.primary{background:#0b5cad;color:#fff;border-color:#0b5cad}form.muted button{font-size:.85rem;padding:.2rem .6rem}.error{color:#a40000}`;

/** The one inline stylesheet is allowed by hash, so the policy needs neither 'unsafe-inline' nor any script. */
const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");

/**
 * Headers for every page: no framing (clickjacking on consent, CSP `frame-ancestors` plus the older
 * X-Frame-Options), no scripts, nothing cached, no referrer leaking query parameters.
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; frame-ancestors 'none'; base-uri 'none'`,
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
};

export function layout(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${new SafeHtml(STYLE)}</style>
</head>
<body>
${body}
</body>
</html>`.value;
}
