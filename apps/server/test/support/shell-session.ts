import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";

/**
 * One bash, fed commands as a reader pastes them into a terminal: variables set by one example are
 * there for the next. Each `run` returns what the commands printed (stdout) before a marker line.
 * Only curl to the loopback service and openssl run inside it.
 */
export class ShellSession {
  private readonly bash: ChildProcessWithoutNullStreams;
  private output = "";
  private errors = "";
  private runs = 0;

  constructor() {
    this.bash = spawn("bash", ["--noprofile", "--norc"], { stdio: "pipe", env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp" } });
    this.bash.stdout.on("data", (chunk: Buffer) => {
      this.output += chunk.toString("utf8");
    });
    this.bash.stderr.on("data", (chunk: Buffer) => {
      this.errors += chunk.toString("utf8");
    });
  }

  /** Runs `commands` and resolves with their output once the shell has run them all. */
  async run(commands: string, timeoutMs = 15_000): Promise<string> {
    this.runs += 1;
    const marker = `__example_done_${this.runs}__`;
    const start = this.output.length;
    this.bash.stdin.write(`${commands}\necho; echo ${marker}\n`);
    // Waits on the shell's own output (each chunk is looked at as it arrives), not on a timer.
    await new Promise<void>((resolve, reject) => {
      const seen = () => {
        if (!this.output.includes(marker, start)) return;
        done();
        resolve();
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`the shell did not finish within ${timeoutMs} ms; stderr: ${this.errors}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.bash.stdout.off("data", seen);
      };
      this.bash.stdout.on("data", seen);
      seen();
    });
    const printed = this.output.slice(start, this.output.indexOf(marker, start));
    return printed.replace(/\n$/, "");
  }

  /** Sets a shell variable to a value the reader would paste (a placeholder filled in). */
  async set(name: string, value: string): Promise<void> {
    await this.run(`${name}='${value.replace(/'/g, "'\\''")}'`);
  }

  close(): void {
    this.bash.stdin.end();
    this.bash.kill();
  }
}
