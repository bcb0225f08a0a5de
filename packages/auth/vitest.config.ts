import { testConfig } from "@connector/vitest-config";

// Real databases, HTTP servers and Chromium: each file in a fresh worker.
export default testConfig();
