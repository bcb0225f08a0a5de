import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { DIALECT_CAPABILITIES, parseDatabaseUrl } from "@connector/store";
import { startCluster } from "./start-cluster.js";

/**
 * `pnpm start:cluster --processes N [--port P]`: N server processes on the PostgreSQL database of
 * DATABASE_URL, on ports P+1…P+N, behind a round-robin proxy on P (the BASE_URL). A member that
 * dies is started again after a second. SIGTERM or Ctrl-C drains every member, then exits.
 */
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    processes: { type: "string", short: "n", default: "2" },
    port: { type: "string", short: "p", default: process.env.PORT ?? "3000" },
  },
});
const processes = Number(values.processes);
const port = Number(values.port);
if (!Number.isInteger(processes) || processes < 1 || processes > 64) fail("--processes must be a whole number from 1 to 64.");
if (!Number.isInteger(port) || port < 1 || port + processes > 65_535) fail("--port must leave room for the members' ports above it.");

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl === undefined || !DIALECT_CAPABILITIES[parseDatabaseUrl(databaseUrl).dialect].sharedByProcesses) {
  fail("start:cluster needs DATABASE_URL=postgres://…: several processes share one PostgreSQL database (a SQLite file belongs to one process).");
}

const cluster = await startCluster({
  processes,
  entry: fileURLToPath(new URL("./main.js", import.meta.url)),
  env: process.env,
  host: process.env.HOST ?? "127.0.0.1",
  port,
  firstMemberPort: port + 1,
  output: "inherit",
  restartDelayMs: 1000,
  onMemberExit: (member, code, signal) =>
    process.stderr.write(`member ${member.index} (${member.url}) exited (${code ?? signal}); starting it again\n`),
}).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));

process.stdout.write(
  `\n${processes} server processes (${cluster.members.map((member) => member.url).join(", ")}) behind ${cluster.url}\n\n`,
);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  cluster.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
