/**
 * `@connector/example-hono-host/app`: the host without its Node edge, for hosts on other runtimes
 * (`examples/worker-host`, `examples/bun-host`): Hono's app is a `fetch(request) → response` function,
 * so each of them brings only its database driver and the way it listens. Source, not a build: Bun runs
 * TypeScript and the Worker's bundler compiles it.
 */
export { type ApiKeyEntry, apiKeyPrincipals, type PrincipalOf } from "./api-key-principals.js";
export { createHostApp, type HostAppOptions } from "./host-app.js";
export { type HostUserName, hostUsers } from "./host-users.js";
export { type HostRuntime, type HostRuntimeOptions, openHostRuntime } from "./open-host-runtime.js";
