import { testConfig } from "@connector/vitest-config";

// Packing, an install from the registry and two type-checks take minutes on the 2-core machine.
export default testConfig({ testTimeout: 120_000, hookTimeout: 600_000 });
