/** `globalSetup: ["@connector/testkit/chromium-global-setup"]`: one Chromium shared by the run's browser files. */
export { startChromiumServer as default } from "./chromium.js";
