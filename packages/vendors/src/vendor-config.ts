/** Where a third-party service is and the hosted key the server holds for it: server configuration only. */
export interface VendorConfig {
  /** Base URL, e.g. `https://routing.example/`. Undefined: not configured. */
  url: string | undefined;
  /** The hosted key. Never sent to a browser, never logged, never in an answer. */
  key: string | undefined;
  /** How long one call may take, body included. */
  timeoutMs: number;
}

export const DEFAULT_VENDOR_TIMEOUT_MS = 5000;

export function isConfigured(config: VendorConfig): config is VendorConfig & { url: string; key: string } {
  return config.url !== undefined && config.url !== "" && config.key !== undefined && config.key !== "";
}
