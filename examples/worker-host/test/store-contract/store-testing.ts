// What the store's test files import as `../src/testing/index.js` in a Durable Object: the dialects to run
// their blocks on. The object's database is SQLite (Node's test databases, templates and PostgreSQL are
// not there, and no contract test file uses them).
export const TEST_DIALECTS = ["sqlite"] as const;
