import { ServiceError } from "@connector/core";

/**
 * DNS-rebinding protection (MCP transport spec, Streamable HTTP security warning): a browser
 * sends `Origin`; only the service's own origin and configured ones may call. Requests without
 * `Origin` come from non-browser clients and pass.
 */
export function assertAllowedOrigin(origin: string | undefined, allowedOrigins: ReadonlySet<string>): void {
  if (origin === undefined || allowedOrigins.has(origin)) return;
  throw new ServiceError("forbidden_origin", "Requests from this Origin are not allowed.");
}
