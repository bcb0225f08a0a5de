export type DatabaseLocation =
  | { dialect: "postgres"; connectionString: string }
  | { dialect: "sqlite"; filename: string };

const POSTGRES_SCHEME = /^postgres(?:ql)?:\/\//i;
const SQLITE_SCHEME = /^sqlite:(?:\/\/)?/i;
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * Reads the configured URL. Anything without a scheme is a SQLite file path; an unknown scheme is
 * refused rather than being mistaken for an odd file name.
 */
export function parseDatabaseUrl(url: string): DatabaseLocation {
  const trimmed = url.trim();
  if (trimmed === "") throw new Error("The database URL is empty.");
  if (POSTGRES_SCHEME.test(trimmed)) return { dialect: "postgres", connectionString: trimmed };
  if (SQLITE_SCHEME.test(trimmed)) {
    const filename = trimmed.replace(SQLITE_SCHEME, "");
    if (filename === "") throw new Error("The sqlite: database URL names no file.");
    return { dialect: "sqlite", filename };
  }
  if (ANY_SCHEME.test(trimmed)) {
    throw new Error(`Unsupported database URL scheme in "${trimmed.split("://")[0]}://…"; use postgres:// or a SQLite path.`);
  }
  return { dialect: "sqlite", filename: trimmed };
}
