export { BrowserSession, consentFields, hiddenFields, scopeCheckboxes } from "./browser-session.js";
export { launchChromium } from "./chromium.js";
export {
  connectWorkspace,
  insecure,
  refreshTokens,
  registerClient,
  type RegisteredClient,
} from "./connect-workspace.js";
