/**
 * `@connector/store/node`: a database URL opened with the store's default Node drivers (better-sqlite3
 * for a SQLite path, pg for `postgres://`), each loaded only when the URL names it.
 */
export { createDatabase } from "./database/create-database.js";
