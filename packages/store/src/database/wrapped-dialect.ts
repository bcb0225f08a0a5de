import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from "kysely";

/** A step of a driver's work that a wrapper runs its own code around. */
export type DriverStep = "init" | "acquire" | "begin" | "commit" | "rollback";

/** What a wrapper does around each statement and each other step; each must call `run` once and return what it gives. */
export interface AroundDriver {
  query<R>(query: CompiledQuery, run: () => Promise<QueryResult<R>>): Promise<QueryResult<R>>;
  step<T>(step: DriverStep, run: () => Promise<T>): Promise<T>;
}

/**
 * `dialect` with `around` run around every statement on a connection and every step of its driver
 * (init, acquiring a connection, a transaction's begin, commit and rollback); streaming, releasing a
 * connection and destroying the driver pass as they are. The connection the driver is handed back is
 * its own, not the wrapper's, so wrappers nest (availability-dialect.ts, traced-dialect.ts).
 */
export function wrapDialect(dialect: Dialect, around: AroundDriver): Dialect {
  const wrapConnection = (connection: DatabaseConnection): DatabaseConnection => ({
    executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => around.query(query, () => connection.executeQuery<R>(query)),
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  });
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: (): Driver => {
      const driver = dialect.createDriver();
      const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const unwrap = (connection: DatabaseConnection) => inner.get(connection) ?? connection;
      return {
        init: () => around.step("init", () => driver.init()),
        acquireConnection: () =>
          around.step("acquire", async () => {
            const connection = await driver.acquireConnection();
            const wrapped = wrapConnection(connection);
            inner.set(wrapped, connection);
            return wrapped;
          }),
        beginTransaction: (connection, settings: TransactionSettings) => around.step("begin", () => driver.beginTransaction(unwrap(connection), settings)),
        commitTransaction: (connection) => around.step("commit", () => driver.commitTransaction(unwrap(connection))),
        rollbackTransaction: (connection) => around.step("rollback", () => driver.rollbackTransaction(unwrap(connection))),
        releaseConnection: (connection) => driver.releaseConnection(unwrap(connection)),
        destroy: () => driver.destroy(),
      };
    },
  };
}
