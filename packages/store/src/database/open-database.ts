import { Kysely } from "kysely";
import { withAvailabilityErrors } from "./availability-dialect.js";
import type { Database } from "./database.js";
import type { DatabaseDriver } from "./database-driver.js";
import type { DatabaseSchema } from "./database-schema.js";
import { DIALECT_CAPABILITIES, type DialectCapabilities, withCapabilities } from "./dialect-capabilities.js";

export interface OpenDatabaseOptions {
  /** Told of each operation refused because the database could not be reached (each becomes a 503). */
  onUnavailable?: () => void;
}

/**
 * The store's database over the driver the host chose. Run `migrateToLatest` before using the stores.
 * Losing the database becomes core's StoreUnavailableError here, whichever driver it is.
 */
export function openDatabase(driver: DatabaseDriver, options: OpenDatabaseOptions = {}): Database {
  const capabilities = capabilitiesWith(driver);
  const dialect = withAvailabilityErrors(driver.kyselyDialect, options.onUnavailable);
  const db = new Kysely<DatabaseSchema>({
    dialect: capabilities === DIALECT_CAPABILITIES[driver.dialect] ? dialect : withCapabilities(dialect, capabilities),
  });
  const destroy = () => db.destroy();
  return {
    db,
    dialect: driver.dialect,
    capabilities,
    close: () => (driver.close === undefined ? destroy() : driver.close(destroy)),
    ...(driver.poolStats === undefined ? {} : { poolStats: () => driver.poolStats!() }),
    ...(driver.statementsSent === undefined ? {} : { statementsSent: () => driver.statementsSent!() }),
  };
}

/** The dialect's capabilities, narrowed by the driver's own limits. */
function capabilitiesWith(driver: DatabaseDriver): DialectCapabilities {
  const capabilities = DIALECT_CAPABILITIES[driver.dialect];
  const { maxBindParameters } = driver;
  if (maxBindParameters === undefined || maxBindParameters >= capabilities.maxBindParameters) return capabilities;
  if (!Number.isInteger(maxBindParameters) || maxBindParameters < 1) {
    throw new RangeError(`maxBindParameters must be a whole number of at least 1, not ${maxBindParameters}.`);
  }
  return { ...capabilities, maxBindParameters };
}
