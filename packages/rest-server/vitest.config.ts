import { pureTestConfig } from "@connector/vitest-config";

export default pureTestConfig();
