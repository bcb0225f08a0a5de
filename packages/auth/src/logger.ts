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
