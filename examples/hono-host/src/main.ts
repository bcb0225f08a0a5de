import { startHost } from "./start-host.js";

// `pnpm --filter @connector/example-hono-host start`: a SQLite file beside the package, loopback only.
// EXAMPLE_HOST_DATABASE and EXAMPLE_HOST_PORT change them; the keys are new on every start.
const host = await startHost({
  databaseUrl: process.env.EXAMPLE_HOST_DATABASE ?? "example-host.db",
  port: Number(process.env.EXAMPLE_HOST_PORT ?? 8787),
});

console.log(`example host listening on ${host.url}`);
console.log(`  Desk reader (desk:read):            Authorization: Bearer ${host.keys.deskReader}`);
console.log(`  Desk owner (desk:read, drafts):     Authorization: Bearer ${host.keys.deskOwner}`);
console.log(`  Resolve user (resolve:read, drafts): Authorization: Bearer ${host.keys.resolveUser}`);
console.log(`try: curl -H "Authorization: Bearer ${host.keys.deskReader}" ${host.url}/tools`);

const stop = () => {
  host.close().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
