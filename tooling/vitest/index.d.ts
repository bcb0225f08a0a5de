import type { UserConfig } from "vitest/config";
type TestSettings = NonNullable<UserConfig["test"]>;
/** A package's test files, under its folder. */
export const TEST_FILES: string;
export const BROWSER_TESTS: string[];
export const CLUSTER_TESTS: string;
export const PACKAGING_TESTS: string;
export const PROCESS_AND_VOLUME_TESTS: string[];
export const UNIT_ONLY: boolean;
export const SAME_ON_EVERY_NODE: string[];
/** CI's second pass, on another Node (`TEST_NODE_PASS=second`): a test whose answer cannot differ between Nodes skips itself. */
export const SECOND_NODE_PASS: boolean;
export function testConfig(overrides?: TestSettings): UserConfig;
export function testSettings(overrides?: TestSettings): TestSettings;
/** The path of `binary`; installs `debianPackage` with apt-get when missing and running as root, else throws saying what to install. */
export function ensureDebianPackage(options: { binary: string; paths: string[]; debianPackage: string; neededFor: string }): string;
