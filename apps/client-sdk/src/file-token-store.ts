import { chmod, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import lockfile from "proper-lockfile";
import type { StoredConnection, TokenStore } from "./oauth/token-store.js";

export interface FileTokenStoreOptions {
  /** How long a lock may be held before another process takes it as abandoned. Default 30 000 ms. */
  staleLockMs?: number;
}

/**
 * A connection kept in a JSON file (mode 0600), safe for several processes of the same app: `lock`
 * holds an exclusive lock (proper-lockfile: an atomic `mkdir` of `<file>.lock`, refreshed while held and
 * taken over when stale), and writes go to a temporary file renamed over the old one, so a reader never
 * sees half a file. Node only: import it from `@connector/client/file-token-store`.
 *
 * With DPoP (`ConnectorAuthOptions.dpop`) the file also holds the private key the tokens are bound to, as a
 * JWK: like the tokens it is readable by its owner only (mode 0600, re-applied on every write).
 */
export class FileTokenStore implements TokenStore {
  /** The DPoP key goes into the JSON file beside the tokens. */
  readonly dpopKeyFormat = "jwk";

  constructor(
    readonly path: string,
    private readonly options: FileTokenStoreOptions = {},
  ) {}

  async read(): Promise<StoredConnection | undefined> {
    try {
      return JSON.parse(await readFile(this.path, "utf8")) as StoredConnection;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async write(connection: StoredConnection): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, JSON.stringify(connection), { mode: 0o600 });
    // `mode` applies only when the file is created, and under the process's umask: make sure of it.
    await chmod(temporary, 0o600);
    await rename(temporary, this.path);
  }

  async lock<T>(task: () => Promise<T>): Promise<T> {
    await mkdir(dirname(this.path), { recursive: true });
    const release = await lockfile.lock(this.path, {
      realpath: false,
      stale: this.options.staleLockMs ?? 30_000,
      retries: { retries: 200, minTimeout: 10, maxTimeout: 100, factor: 1.5 },
    });
    try {
      return await task();
    } finally {
      await release();
    }
  }
}
