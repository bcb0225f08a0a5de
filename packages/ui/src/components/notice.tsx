import type { ComponentChildren } from "preact";
import { message } from "../messages/catalogue.js";
import type { BadgeTone } from "./status-badge.js";

export interface NoticeProps {
  tone?: Exclude<BadgeTone, "neutral">;
  title?: ComponentChildren;
  /** `alert` for errors a person must see after submitting a form; `status` for quiet confirmations. */
  role?: "alert" | "status";
  children: ComponentChildren;
}

/** A boxed message: what the page does not do ("Nothing here is sent or paid"), errors, confirmations. */
export function Notice({ tone = "info", title, role, children }: NoticeProps) {
  return (
    <div class={tone === "info" ? "notice" : `notice ${tone}`} role={role}>
      {title === undefined ? null : <p class="notice-title">{title}</p>}
      {children}
    </div>
  );
}

/** The sentence pages show where a person might think something is sent, paid or accepted. */
export function NothingIsSentNotice({ children }: { children?: ComponentChildren }) {
  return (
    <Notice title={message("shared.nothingSent.title")}>
      <p>{message("shared.nothingSent.text")}</p>
      {children}
    </Notice>
  );
}
