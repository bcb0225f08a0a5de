import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Logger } from "../logger.js";
import type { BackupMetrics } from "../metrics/service-metrics.js";
import { backupFileName, pruneBackups, removePartialBackups } from "./backup-files.js";

export interface ScheduledBackupSettings {
  /** The SQLite file the server has open. */
  databaseFile: string;
  directory: string;
  intervalMs: number;
  keep: number;
  logger: Logger;
  metrics?: BackupMetrics;
  now?: () => number;
}

export interface ScheduledBackups {
  /** Stops the schedule; a backup being written is stopped and its partial file removed. */
  stop(): Promise<void>;
}

/**
 * Backups of the server's own SQLite database every `intervalMs` (the first one interval after start),
 * each written by `VACUUM INTO` on a worker thread (the event loop keeps answering), the newest `keep`
 * kept. A failure is logged and counted, and the schedule goes on.
 */
export async function startScheduledBackups(settings: ScheduledBackupSettings): Promise<ScheduledBackups> {
  // Only here is the SQLite driver's backup code loaded: a PostgreSQL host never loads the addon.
  const { backupSqliteFile } = await import("@connector/store/sqlite");
  const directory = resolve(settings.directory);
  mkdirSync(directory, { recursive: true });
  removePartialBackups(directory);
  const now = settings.now ?? Date.now;
  const log = settings.logger.child({ component: "backup" });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let controller: AbortController | undefined;
  let stopped = false;

  const runOnce = async () => {
    controller = new AbortController();
    const file = join(directory, backupFileName(now()));
    try {
      const backup = await backupSqliteFile(settings.databaseFile, file, { signal: controller.signal });
      settings.metrics?.succeeded({ finishedAtMs: now(), durationSeconds: backup.seconds, sizeBytes: backup.bytes });
      const deleted = pruneBackups(directory, settings.keep);
      log.info({ file: backup.file, bytes: backup.bytes, seconds: Number(backup.seconds.toFixed(3)), deleted: deleted.length }, "backup written");
    } catch (error) {
      if (stopped) return;
      settings.metrics?.failed();
      log.error({ file, reason: error instanceof Error ? error.message : String(error) }, "backup failed");
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().finally(() => {
        running = undefined;
        schedule();
      });
    }, settings.intervalMs);
    timer.unref();
  };
  schedule();
  log.info({ directory, intervalMinutes: settings.intervalMs / 60_000, keep: settings.keep }, "scheduled backups on");
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
      await running?.catch(() => undefined);
    },
  };
}
