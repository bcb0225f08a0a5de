import { ServiceError } from "../errors/service-error.js";

/**
 * Previews a Desk may run at once (issue 47). A preview of a 10 MiB file holds its text and 100,000
 * rows in memory (some 50 MB) for a second or two: one Desk opening its ten uploads' previews at once
 * took the process to 571 MB. One at a time per Desk keeps that bounded; a second is told to wait.
 */
export class PreviewSlots {
  readonly #running = new Map<string, number>();

  constructor(readonly perDesk = 1) {}

  /** Runs `work` in one of the Desk's slots, or refuses at once (`preview_in_progress`, 429) when none is free. */
  async run<T>(deskId: string, work: () => Promise<T>): Promise<T> {
    const running = this.#running.get(deskId) ?? 0;
    if (running >= this.perDesk) {
      throw new ServiceError("preview_in_progress", "Another file of this Desk is being checked right now. Wait a few seconds, then try again.", {
        headers: { "Retry-After": "5" },
      });
    }
    this.#running.set(deskId, running + 1);
    try {
      return await work();
    } finally {
      const left = (this.#running.get(deskId) ?? 1) - 1;
      if (left === 0) this.#running.delete(deskId);
      else this.#running.set(deskId, left);
    }
  }
}
