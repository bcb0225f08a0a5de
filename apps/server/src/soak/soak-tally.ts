/** What the soak saw: answers by kind and status, latencies, and the first few errors' bodies. */
export class SoakTally {
  private readonly byKind = new Map<string, Map<number, number>>();
  private readonly latencies: number[] = [];
  private readonly errorSamples: string[] = [];
  private skipped = 0;
  private sinceLastLine = { answers: 0, errors: 0 };

  record(kind: string, status: number, ms: number, body: string): void {
    const statuses = this.byKind.get(kind) ?? new Map<number, number>();
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    this.byKind.set(kind, statuses);
    this.latencies.push(ms);
    this.sinceLastLine.answers += 1;
    if (status !== 200 && status !== 429) {
      this.sinceLastLine.errors += 1;
      if (this.errorSamples.length < 5) this.errorSamples.push(`${kind} ${status}: ${body.slice(0, 300)}`);
    }
  }

  /** A tick with too many calls in flight: the load generator fell behind. */
  skip(): void {
    this.skipped += 1;
  }

  /** Answers other than 200 and the intended 429. */
  errors(): number {
    let count = 0;
    for (const statuses of this.byKind.values()) for (const [status, n] of statuses) if (status !== 200 && status !== 429) count += n;
    return count;
  }

  minuteLine(elapsedSeconds: number): string {
    const line = `${elapsedSeconds}s: ${this.sinceLastLine.answers} answers, ${this.sinceLastLine.errors} errors`;
    this.sinceLastLine = { answers: 0, errors: 0 };
    return line;
  }

  report(): string {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (q: number) => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
    const lines = ["answers by kind and status:"];
    for (const [kind, statuses] of [...this.byKind].sort()) {
      lines.push(`  ${kind.padEnd(22)} ${[...statuses].sort().map(([status, n]) => `${status}×${n}`).join("  ")}`);
    }
    lines.push(`latency ms: p50 ${at(0.5).toFixed(1)}  p99 ${at(0.99).toFixed(1)}  max ${at(1).toFixed(1)}`);
    lines.push(`errors other than 429: ${this.errors()}; ticks skipped (too many in flight): ${this.skipped}`);
    for (const sample of this.errorSamples) lines.push(`  e.g. ${sample}`);
    return lines.join("\n");
  }
}
