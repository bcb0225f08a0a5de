/** `@connector/store/sqlite`: SQLite by better-sqlite3 (Node): `openDatabase(betterSqlite3Driver(path))`. */
export { betterSqlite3Driver } from "./database/better-sqlite3-driver.js";
/** Backups of the SQLite database (`VACUUM INTO` on a worker thread) and the checks a restore makes. */
export {
  backupSqliteFile,
  checkRestorableSqliteFile,
  PARTIAL_BACKUP_SUFFIX,
  type RestoreRefusal,
  type SqliteBackup,
  sqliteFileInUse,
} from "./database/sqlite-backup.js";
