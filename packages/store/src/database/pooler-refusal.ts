/**
 * What a pooler says when a client sends a startup parameter it does not pass on: PgBouncer answers
 * `08P01` "unsupported startup parameter: statement_timeout" (or "…in options: …").
 */
const REFUSED_PARAMETER = /unsupported startup parameter(?: in options)?: *([A-Za-z_.]+)/;

/** The startup parameter a pooler refused, found anywhere in `error`'s cause chain, or undefined. */
export function refusedStartupParameter(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const parameter = REFUSED_PARAMETER.exec(cause.message)?.[1];
    if (parameter !== undefined) return parameter;
  }
  return undefined;
}

/**
 * One line for the operator: which parameter, PgBouncer's setting that would take it, and the
 * service's settings that avoid sending it. Names no address or credential.
 */
export function poolerRefusalMessage(parameter: string): string {
  return (
    `The database at DATABASE_URL refused the startup parameter ${parameter}: it is a connection pooler ` +
    `(PgBouncer refuses parameters missing from its ignore_startup_parameters). Set DATABASE_DIRECT_URL to PostgreSQL itself, ` +
    `or DATABASE_URL_POOLED=true, so the service sends none through it.`
  );
}
