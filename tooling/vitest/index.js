// Shared test settings: real databases and servers make tests slower than unit tests,
// so timeouts are generous and files run one at a time per package to keep the 2-core CI machine calm.
import { defineConfig } from "vitest/config";

export function testConfig(overrides = {}) {
  return defineConfig({
    test: {
      include: ["test/**/*.test.ts"],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      fileParallelism: false,
      ...overrides,
    },
  });
}
