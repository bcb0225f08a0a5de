/**
 * Cuts CSV text, as it arrives, into pieces of at least `size` characters, each ending just after a
 * line break outside quotes, so each piece holds whole records. In CSV a quote inside a quoted cell is
 * doubled, so a line break is between records exactly when the quotes before it are even in number;
 * the count carries over from one arrival to the next.
 */
export class RecordBreakCutter {
  private pending = "";
  /** Characters of `pending` already scanned for a break. */
  private scanned = 0;
  private inQuotes = false;

  constructor(private readonly size: number) {}

  /** The pieces that `text` completes. */
  *push(text: string): Generator<string> {
    this.pending += text;
    for (let end = this.nextBreak(); end !== undefined; end = this.nextBreak()) {
      yield this.pending.slice(0, end);
      this.pending = this.pending.slice(end);
      this.scanned = 0;
    }
  }

  /** The text after the last piece's break, when the text ends (undefined when there is none). */
  end(): string | undefined {
    const rest = this.pending;
    this.pending = "";
    this.scanned = 0;
    return rest.length > 0 ? rest : undefined;
  }

  private nextBreak(): number | undefined {
    for (let at = this.scanned; at < this.pending.length; at++) {
      const code = this.pending.charCodeAt(at);
      if (code === 34) this.inQuotes = !this.inQuotes;
      else if (code === 10 && !this.inQuotes && at + 1 >= this.size) {
        this.scanned = at + 1;
        return at + 1;
      }
    }
    this.scanned = this.pending.length;
    return undefined;
  }
}
