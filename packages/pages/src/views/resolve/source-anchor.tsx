import { message, readerLanguage, richMessage } from "@connector/ui";
import type { SourceLink } from "./guide-links.js";

/**
 * "(en inglés)" after a link to a page only in English, on a page read in another language: a
 * person is told before they open it (issue 48 item 14). Nothing on an English page.
 */
export function InEnglish() {
  return readerLanguage() === "en" ? null : <> {message("resolve.link.inEnglish")}</>;
}

/** A source link in the reader's words, said to be in English where the reader reads another language. */
export function SourceAnchor({ link }: { link: SourceLink }) {
  return (
    <>
      <a href={link.href} hreflang="en">
        {/* The letter's title is English, as on the CFPB's page: marked so, on a page in another language. */}
        {link.letter === undefined ? message(link.label) : richMessage(link.label, { letter: <span lang="en">{link.letter}</span> })}
      </a>
      <InEnglish />
    </>
  );
}
