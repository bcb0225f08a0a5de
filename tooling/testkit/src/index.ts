export { BrowserSession, consentFields, hiddenFields, scopeCheckboxes } from "./browser-session.js";
export { launchChromium } from "./chromium.js";
export { pinnedPnpm } from "./pinned-pnpm.js";
export { eventually, readUntil } from "./eventually.js";
export { type AgentCallback, startAgentCallback } from "./agent-callback.js";
export { checkAccessibility } from "./accessibility.js";
export { inspectPage, SCREENSHOT_DIR, screenshot, VIEWPORTS, watchPageErrors } from "./screenshots.js";
export { giveConsent } from "./give-consent.js";
export { connectWorkspace, type RegisteredClient, refreshTokens, registerClient } from "./connect-workspace.js";
export {
  type AuthorizeOptions,
  insecure,
  type OAuthServer,
  OAuthTestClient,
  oauthError,
  type PreparedAuthorization,
} from "./oauth-client.js";
export { MemoryOAuthProvider } from "./memory-oauth-provider.js";
export { accessTokenHash, dpopKeyPair, dpopResourceRequest, type ProofClaims, signProof, withDpopNonce } from "./dpop.js";
export { startFakeVendor, type FakeVendor, type VendorBehaviour, type VendorRequestSeen } from "./fake-vendor.js";
export { type MetadataDocumentServer, serveJson, startMetadataDocumentServer } from "./metadata-document-server.js";
export { ENGLISH_STOP_WORDS, findUntranslatedCsvText, findUntranslatedText, translatedMessages, type UntranslatedText, type UntranslatedTextOptions, visibleTexts } from "./untranslated-text.js";
export {
  type CollectedSpan,
  decodeJsonRequest,
  decodeProtobufRequest,
  type FakeOtlpCollector,
  type OtlpValue,
  SPAN_KIND,
  startFakeOtlpCollector,
} from "./fake-otlp-collector.js";
export { acceptAgreementAndMintDeskKey } from "./desk-key.js";
export { parseMetrics } from "./prometheus-text.js";
