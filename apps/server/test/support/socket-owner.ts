import { readdir, readFile, readlink } from "node:fs/promises";

/**
 * Which of `pids` has a TCP socket bound to local `port` on loopback (Linux `/proc`): a test holds a
 * database transaction at the proxy and needs the server process that opened it.
 */
export async function processWithLocalPort(pids: readonly number[], port: number): Promise<number | undefined> {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    const text = await readFile(table, "utf8").catch(() => "");
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // fields[1] is "ADDR:PORT" in hex, fields[9] the socket's inode.
      if (fields.length > 9 && Number.parseInt(fields[1]!.split(":")[1]!, 16) === port) inodes.add(fields[9]!);
    }
  }
  for (const pid of pids) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => "");
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode !== undefined && inodes.has(inode)) return pid;
    }
  }
  return undefined;
}
