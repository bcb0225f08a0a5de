import { testConfig } from "@connector/vitest-config";

export default testConfig();
