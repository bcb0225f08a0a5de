import { libraryConfig } from "@connector/build-config";

// The server is an application, not a library: ESM only, no declarations.
export default libraryConfig(
  {
    main: "src/main.ts",
    "create-user": "src/create-user.ts",
    backup: "src/backup.ts",
    restore: "src/restore.ts",
    index: "src/index.ts",
    bench: "src/bench/main.ts",
    "bench-server": "src/bench/bench-server.ts",
    cluster: "src/cluster/cluster-main.ts",
    soak: "src/soak/main.ts",
  },
  {
    format: ["esm"],
    dts: false,
    deps: {
      // The benchmark signs in through the real OAuth flow with the test kit, which ships as TypeScript source.
      alwaysBundle: ["@connector/testkit"],
      neverBundle: ["playwright-core", "oauth4webapi", "autocannon"],
    },
  },
);
