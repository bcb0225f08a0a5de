/** `@connector/store/sqlite`: SQLite by better-sqlite3 (Node): `openDatabase(betterSqlite3Driver(path))`. */
export { betterSqlite3Driver } from "./database/better-sqlite3-driver.js";
