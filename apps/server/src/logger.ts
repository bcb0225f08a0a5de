import { pino, type Logger } from "pino";

export type { Logger };

/**
 * Structured JSON logs. Credentials and cookies are redacted at the source so that no token,
 * key, password or session id reaches a log line even if a request object is logged whole.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "connector" },
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          'res.headers["set-cookie"]',
          "password",
          "*.password",
          "token",
          "*.token",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}
