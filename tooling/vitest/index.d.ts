import type { UserConfig } from "vitest/config";
export function testConfig(overrides?: NonNullable<UserConfig["test"]>): UserConfig;
