// Rendering: JSX (preact) to escaped HTML strings; one layout around every page.
export { renderFragment, renderPage } from "./render-page.js";
export { Layout, type LayoutProps, type SignedInPerson } from "./layout.js";
export { PAGE_PATHS, SERVICE_NAME } from "./page-paths.js";

// Components.
export { StatusBadge, type BadgeTone } from "./components/status-badge.js";
export { DRAFT_STATUS } from "./components/draft-status-words.js";
export { EmptyState, type EmptyStateProps } from "./components/empty-state.js";
export { Notice, NothingIsSentNotice, type NoticeProps } from "./components/notice.js";
export { CopyButton, type CopyButtonProps } from "./components/copy-button.js";
export { ActByDate, LocalTime, TimeZoneNote } from "./components/local-time.js";
export { Letter, type LetterProps, type LetterTextPiece } from "./components/letter.js";
export { CodeBlock, type CodeBlockProps } from "./components/code-block.js";
export { CSRF_FIELD, CsrfField, CsrfForm, type CsrfFormProps } from "./components/csrf.js";
export { Field, type FieldOption, type FieldProps } from "./components/field.js";
export { ErrorSummary, type ErrorSummaryProps, type FormProblem } from "./components/error-summary.js";
export { Pager, type PagerProps } from "./components/pager.js";
export { Table, type TableColumn, type TableProps } from "./components/table.js";
export { isolatedName, Name } from "./components/name.js";

// Serving: page headers, the page writer, the hashed assets and their middleware. No web framework.
export { ASSET_HEADERS, CONTENT_SECURITY_POLICY, PAGE_HEADERS, policyAllowingFormRedirect } from "./page-headers.js";
export { prefersHtml, sendPage } from "./send-page.js";
export { ASSET_PREFIX, type Asset, COPY_SCRIPT, FAVICON, FORM_ERRORS_SCRIPT, LOCAL_TIME_SCRIPT, findAsset, registerAsset, STYLESHEET } from "./assets.js";
export { serveAssets } from "./serve-assets.js";

// The reader: the zone times are shown in (the `tz` cookie, else the default) and the language (the `lang`
// cookie, else Accept-Language, else English), for everything a request renders.
export {
  asReader,
  asReaderOf,
  currentReader,
  inTimeZone,
  type Reader,
  readerLanguage,
  readerMiddleware,
  readerOfRequest,
  readerTimeZone,
} from "./reader/reader.js";
export { DEFAULT_TIME_ZONE, TIME_ZONE_COOKIE, timeZoneOfRequest, validTimeZone } from "./reader/reader-time-zone.js";
export { LANGUAGE_COOKIE, languageOfRequest } from "./reader/reader-language.js";
export { formatActByDate, formatDateTime, readerZoneName, timeZoneLabel, timeZoneLongName } from "./time/format-time.js";
export { zoneLabel } from "./time/zone-label.js";

// The message catalogue: the pages' words in the reader's language (`message`, `richMessage`), and its
// texts by language for the check that a page rendered in Spanish left no English (`findUntranslatedText`
// in @connector/testkit).
export { CATALOGUES, type MessageKey, type MessageValues, message, richMessage } from "./messages/catalogue.js";
