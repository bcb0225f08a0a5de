import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureDebianPackage } from "@connector/vitest-config";

/** The test PostgreSQL PgBouncer stands in front of (as `TEST_PG_URL` in the store's test kit). */
const POSTGRES = new URL(process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");

/** A port nothing listens on now, chosen by the system. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Vitest global setup of the project "server via PgBouncer": starts Debian's PgBouncer as it ships
 * (`ignore_startup_parameters = extra_float_digits` only, issue 37) in transaction pooling, on a port of
 * its own in a directory of its own, for this run alone, and stops it after. The cluster files reach
 * it through `TEST_PGBOUNCER_URL`. PgBouncer refuses to run as root, so as root it runs as `postgres`.
 */
export default async function setup(): Promise<() => void> {
  const pgbouncer = ensureDebianPackage({
    binary: "PgBouncer",
    paths: ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"],
    debianPackage: "pgbouncer",
    neededFor: "the cluster suite's run through PgBouncer (vitest project \"server via PgBouncer\")",
  });
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "connector-pgbouncer-"));
  const template = readFileSync(new URL("../../../../.ci/pgbouncer.ini", import.meta.url), "utf8");
  writeFileSync(
    join(dir, "pgbouncer.ini"),
    template
      .replace(/^\* = .*$/m, `* = host=${POSTGRES.hostname} port=${POSTGRES.port || 5432}`)
      .replace(/^listen_port = .*$/m, `listen_port = ${port}`),
  );
  writeFileSync(join(dir, "userlist.txt"), `"${decodeURIComponent(POSTGRES.username) || "postgres"}" ""\n`);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const postgres = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    chmodSync(dir, 0o755);
    for (const name of ["", "pgbouncer.ini", "userlist.txt"]) chownSync(join(dir, name), postgres, postgres);
  }
  const command = asRoot ? ["runuser", "-u", "postgres", "--", pgbouncer] : [pgbouncer];
  execFileSync(command[0]!, [...command.slice(1), "-d", "-q", join(dir, "pgbouncer.ini")], { cwd: dir, stdio: "inherit" });
  const url = new URL(POSTGRES);
  url.port = String(port);
  process.env.TEST_PGBOUNCER_URL = url.toString();
  await waitForPort(port);
  return () => {
    try {
      process.kill(Number(readFileSync(join(dir, "pgbouncer.pid"), "utf8")), "SIGTERM");
    } catch {
      // Already gone.
    }
    rmSync(dir, { recursive: true, force: true });
  };
}

async function waitForPort(port: number): Promise<void> {
  const { connect } = await import("node:net");
  for (let attempt = 0; attempt < 50; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`PgBouncer did not start listening on 127.0.0.1:${port}; see its log in the run's temporary directory.`);
}
