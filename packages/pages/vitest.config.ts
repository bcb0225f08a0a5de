import { testConfig } from "@connector/vitest-config";

export default testConfig({ include: ["test/**/*.test.{ts,tsx}"] });
