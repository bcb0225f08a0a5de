import { SHARED_CHROMIUM, testConfig, UNIT_ONLY } from "@connector/vitest-config";

// Three files drive Chromium: they share one, launched once for the run.
export default testConfig({ globalSetup: UNIT_ONLY ? [] : [SHARED_CHROMIUM] });
