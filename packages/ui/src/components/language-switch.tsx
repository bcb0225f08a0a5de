import { LANGUAGE_NAMES, LANGUAGES } from "@connector/core/resolve";
import { message } from "../messages/catalogue.js";
import { PAGE_PATHS } from "../page-paths.js";
import { currentReader } from "../reader/reader.js";

/**
 * Links to read the page in each other language, each named in its own language (a reader who
 * cannot read this page's can still find theirs). Plain links, no script: the address sets the
 * choice (a cookie) and comes back to this page.
 */
export function LanguageSwitch() {
  const { language, path } = currentReader();
  return (
    <nav class="language-switch" aria-label={message("layout.language.label")}>
      {LANGUAGES.filter((other) => other !== language).map((other) => (
        <a key={other} href={PAGE_PATHS.language(other, path)} hrefLang={other} lang={other}>
          {LANGUAGE_NAMES[other]}
        </a>
      ))}
    </nav>
  );
}
