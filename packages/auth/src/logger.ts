/** The slice of a pino-style logger the authorization server writes security events to. */
export interface AuthLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const silentLogger: AuthLogger = {
  info() {},
  warn() {},
  error() {},
};

/**
 * The same logger with `requestId` (the response's `X-Request-Id`) on every line, so a security
 * event can be found beside the request that caused it. Passed along explicitly by the routes,
 * not through AsyncLocalStorage, whose hooks would cost every request of the process.
 */
export function withRequestId(logger: AuthLogger, requestId: string | undefined): AuthLogger {
  if (requestId === undefined) return logger;
  return {
    info: (details, message) => logger.info({ ...details, requestId }, message),
    warn: (details, message) => logger.warn({ ...details, requestId }, message),
    error: (details, message) => logger.error({ ...details, requestId }, message),
  };
}
