import { testConfig } from "@connector/vitest-config";

// Real SQLite files and a real HTTP server on loopback: each file in its own worker.
export default testConfig();
