import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A port nothing listens on right now (the server must know its port before it starts: it is in BASE_URL). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Longest wait for the "listening" line (migrations and the demo seed run first, on a loaded machine). */
const LISTEN_WITHIN_MS = 60_000;

/**
 * Starts `node <script>` with exactly the environment given (nothing inherited but PATH), and
 * resolves once its "listening" log line appears; rejects with its output if it exits first or
 * does not listen within `LISTEN_WITHIN_MS` (and then stops it).
 */
export async function startServerProcess(script: string, options: { cwd: string; env: Record<string, string> }): Promise<ServerProcess> {
  const child = spawn(process.execPath, [script], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = once(child, "exit");
  await new Promise<void>((resolve, reject) => {
    const late = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not listen within ${LISTEN_WITHIN_MS} ms:\n${output}`));
    }, LISTEN_WITHIN_MS);
    const listen = (chunk: Buffer) => {
      output += chunk;
      if (!output.includes('"msg":"listening"')) return;
      clearTimeout(late);
      resolve();
    };
    child.stdout.on("data", listen);
    child.stderr.on("data", listen);
    exited.then(() => {
      clearTimeout(late);
      reject(new Error(`server exited early:\n${output}`));
    });
  });
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const [code] = child.exitCode === null ? await exited : [child.exitCode];
      return code as number | null;
    },
  };
}
