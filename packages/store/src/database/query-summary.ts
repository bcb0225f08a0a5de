/**
 * What a database span says of a statement (OpenTelemetry's database conventions): the operation
 * (`SELECT`), the tables it names (`accounts`), and the two together as the low-cardinality summary
 * (`SELECT accounts desks`) the span is named by. Read from the statement's text as compiled, whose
 * values are parameters (`?`, `$1`): only keywords and identifiers are taken from it, so no value
 * reaches a span, and the text itself is never put on one.
 */
export interface QuerySummary {
  /** `db.operation.name`: the statement's command, upper case; undefined when none is recognised. */
  operation: string | undefined;
  /** The tables, in the order the statement names them, once each (`db.collection.name` when there is one). */
  tables: string[];
  /** `db.query.summary`: the operation and the tables, at most 255 characters; undefined without an operation. */
  summary: string | undefined;
}

/** Commands a statement can begin with; a `WITH` statement's command is the first of these after its common tables. */
const COMMANDS = new Set([
  "SELECT",
  "INSERT",
  "UPDATE",
  "DELETE",
  "MERGE",
  "BEGIN",
  "COMMIT",
  "ROLLBACK",
  "SAVEPOINT",
  "RELEASE",
  "CREATE",
  "ALTER",
  "DROP",
  "PRAGMA",
  "ANALYZE",
  "VACUUM",
  "SET",
  "LOCK",
  "TRUNCATE",
  "NOTIFY",
  "LISTEN",
]);
const DML = new Set(["SELECT", "INSERT", "UPDATE", "DELETE", "MERGE"]);
/** The words after which a statement names a table. */
const TABLE_BEFORE = new Set(["FROM", "JOIN", "INTO", "UPDATE", "TABLE"]);
/** Words that can come between those and the table (`DROP TABLE IF EXISTS t`, `DELETE FROM ONLY t`). */
const NOT_TABLES = new Set(["ONLY", "LATERAL", "IF", "NOT", "EXISTS"]);
const MAX_SUMMARY = 255;

/**
 * Tokens of a statement: words (bare or double-quoted identifiers, with a schema: `"public"."accounts"`),
 * and parentheses; string literals and everything else are skipped, never returned.
 */
const TOKEN = /'(?:[^']|'')*'|((?:"[^"]+"|[A-Za-z_][A-Za-z0-9_$]*)(?:\s*\.\s*(?:"[^"]+"|[A-Za-z_][A-Za-z0-9_$]*))*)|([()])/g;

const unquoted = (word: string) => word.replace(/\s*\.\s*/g, ".").replace(/"/g, "");

export function summarizeQuery(sql: string): QuerySummary {
  let operation: string | undefined;
  const tables: string[] = [];
  let depth = 0;
  let previous = "";
  let expectTable = false;
  for (const match of sql.matchAll(TOKEN)) {
    const [, word, paren] = match;
    if (paren !== undefined) {
      depth += paren === "(" ? 1 : -1;
      expectTable = false;
      previous = paren;
      continue;
    }
    if (word === undefined) continue;
    const upper = word.toUpperCase();
    if (operation === undefined && depth === 0) {
      if (previous === "" && COMMANDS.has(upper) && !DML.has(upper)) operation = upper;
      else if (DML.has(upper)) operation = upper;
    }
    if (expectTable) {
      // `DROP TABLE IF EXISTS t`, `FROM ONLY t`: still to come.
      if (NOT_TABLES.has(upper)) continue;
      const end = (match.index ?? 0) + word.length;
      // A function in FROM (`json_each(?)`) is no table; a list (`FROM a, b`) goes on.
      if (sql[end] !== "(") {
        const name = unquoted(word);
        if (!tables.includes(name)) tables.push(name);
      }
      expectTable = sql.slice(end).trimStart().startsWith(",");
      previous = word;
      continue;
    }
    expectTable = TABLE_BEFORE.has(upper) && !(upper === "UPDATE" && previous.toUpperCase() === "DO");
    previous = word;
  }
  const summary = operation === undefined ? undefined : [operation, ...tables].join(" ").slice(0, MAX_SUMMARY);
  return { operation, tables, summary };
}
