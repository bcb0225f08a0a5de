import { pureTestConfig } from "@connector/vitest-config";

export default pureTestConfig({ include: ["test/**/*.test.{ts,tsx}"] });
