import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import { type RoundRobinProxy, startRoundRobinProxy } from "./round-robin-proxy.js";

export interface ClusterOptions {
  /** How many server processes. */
  processes: number;
  /** The server entry each member runs (`dist/main.js`). */
  entry: string;
  /** Environment of every member (DATABASE_URL, LOG_LEVEL, …); PORT, HOST and BASE_URL are set per member. */
  env: NodeJS.ProcessEnv;
  host?: string;
  /** The proxy's port; 0 picks a free one. */
  port?: number;
  /** Port of the first member, the others following; 0 lets every member pick a free port. */
  firstMemberPort?: number;
  /** `inherit` passes members' logs through; `pipe` keeps them for `output()` (tests). */
  output?: "inherit" | "pipe";
  /** A member that dies on its own is started again after this delay; undefined: left down. */
  restartDelayMs?: number;
  /** Longest wait for a member to listen (migrations and the demo seed run first). */
  startTimeoutMs?: number;
  onMemberExit?: (member: ClusterMember, code: number | null, signal: NodeJS.Signals | null) => void;
}

export interface ClusterMember {
  readonly index: number;
  /** `http://host:port` of this process, bypassing the proxy. */
  url: string;
  process: ChildProcess;
  /** What the member wrote on stdout and stderr (with `output: "pipe"`). */
  output(): string;
  /** Resolves with the exit code (or signal) when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface Cluster {
  /** The proxy's URL: the service's BASE_URL. */
  readonly url: string;
  readonly members: ClusterMember[];
  /** Starts member `index` again (after it exited) and puts it back behind the proxy. */
  restart(index: number): Promise<ClusterMember>;
  /** SIGTERM to every member, waits for them, closes the proxy. */
  close(): Promise<void>;
}

/**
 * N server processes on one database, each on its own port, behind a round-robin proxy whose URL
 * is every member's BASE_URL (the OAuth issuer and resource URLs must be the same for all). The
 * members start together; the start-up lock makes one of them migrate and seed.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const host = options.host ?? "127.0.0.1";
  const proxy: RoundRobinProxy = await startRoundRobinProxy({ host, port: options.port ?? 0 });
  const members: ClusterMember[] = [];
  /** Every process started, listening or not, so a failed start leaves none behind. */
  const running = new Map<ChildProcess, Promise<unknown>>();
  let closing = false;

  const memberPort = (index: number) => (options.firstMemberPort ? options.firstMemberPort + index : 0);
  const updateTargets = () =>
    proxy.setTargets(members.filter((member) => member.process.exitCode === null && member.process.signalCode === null).map((member) => member.url));

  async function startMember(index: number): Promise<ClusterMember> {
    const pipe = options.output === "pipe";
    const child = fork(options.entry, [], {
      // Members sit behind the proxy: they take the client's address from its X-Forwarded-For.
      env: { TRUST_PROXY: "loopback", ...options.env, PORT: String(memberPort(index)), HOST: host, BASE_URL: proxy.url },
      stdio: pipe ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "inherit", "inherit", "ipc"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    const exited = once(child, "exit").then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null }));
    running.set(child, exited);
    void exited.then(() => running.delete(child));
    const listening = new Promise<number>((resolve, reject) => {
      child.on("message", (message: { type?: string; port?: number }) => {
        if (message?.type === "listening" && typeof message.port === "number") resolve(message.port);
      });
      exited.then(({ code, signal }) => reject(new Error(`member ${index} exited (${code ?? signal}) before listening:\n${output}`)));
      setTimeout(() => reject(new Error(`member ${index} did not listen within ${options.startTimeoutMs ?? 60_000} ms:\n${output}`)), options.startTimeoutMs ?? 60_000).unref();
    });
    const port = await listening;
    const member: ClusterMember = { index, url: `http://${host}:${port}`, process: child, output: () => output, exited };
    members[index] = member;
    updateTargets();
    void exited.then(({ code, signal }) => {
      updateTargets();
      if (closing || members[index] !== member) return;
      options.onMemberExit?.(member, code, signal);
      if (options.restartDelayMs !== undefined) {
        setTimeout(() => {
          if (!closing) startMember(index).catch(() => {});
        }, options.restartDelayMs).unref();
      }
    });
    return member;
  }

  async function stop(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    await exited;
    clearTimeout(killer);
  }

  const close = async () => {
    closing = true;
    await Promise.all([...running].map(([child, exited]) => stop(child, exited)));
    await proxy.close();
  };

  try {
    await Promise.all(Array.from({ length: options.processes }, (_, index) => startMember(index)));
  } catch (error) {
    await close();
    throw error;
  }

  return {
    url: proxy.url,
    members,
    restart: (index) => startMember(index),
    close,
  };
}
