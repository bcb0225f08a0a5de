// Rendering: JSX (preact) to escaped HTML strings; one layout around every page.

export { ASSET_PREFIX, type Asset, COPY_SCRIPT, FAVICON, findAsset, registerAsset, STYLESHEET } from "./assets.js";
export { CodeBlock, type CodeBlockProps } from "./components/code-block.js";
export { CopyButton, type CopyButtonProps } from "./components/copy-button.js";
export { CSRF_FIELD, CsrfField, CsrfForm, type CsrfFormProps } from "./components/csrf.js";
export { EmptyState, type EmptyStateProps } from "./components/empty-state.js";
export { Field, type FieldOption, type FieldProps } from "./components/field.js";
export { isolatedName, Name } from "./components/name.js";
export { NothingIsSentNotice, Notice, type NoticeProps } from "./components/notice.js";
export { Pager, type PagerProps } from "./components/pager.js";
// Components.
export { type BadgeTone, StatusBadge } from "./components/status-badge.js";
export { Table, type TableColumn, type TableProps } from "./components/table.js";
export { Layout, type LayoutProps, type SignedInPerson } from "./layout.js";
// Serving: page headers, the page writer, the hashed assets and their middleware. No web framework.
export { ASSET_HEADERS, CONTENT_SECURITY_POLICY, PAGE_HEADERS, policyAllowingFormRedirect } from "./page-headers.js";
export { PAGE_PATHS, SERVICE_NAME } from "./page-paths.js";
export { renderFragment, renderPage } from "./render-page.js";
export { prefersHtml, sendPage } from "./send-page.js";
export { serveAssets } from "./serve-assets.js";
