import { ServiceError } from "../errors/service-error.js";

/** The third-party services behind the doors (spec §4.3): the routing service and the language model. */
export type VendorName = "routing" | "llm";

const LABEL: Record<VendorName, string> = { routing: "routing service", llm: "language-model service" };

/**
 * The doors fail closed (spec §4.3): when a vendor is not configured, times out or fails, the
 * answer is one of these, and never an invented route, count or conclusion. Messages name the
 * service, never its address or key.
 */
export const vendorNotConfigured = (vendor: VendorName) =>
  new ServiceError(`${vendor}_not_configured`, `The ${LABEL[vendor]} is not configured on this server, so this door cannot answer.`);

export const vendorTimeout = (vendor: VendorName, cause?: unknown) =>
  new ServiceError(`${vendor}_timeout`, `The ${LABEL[vendor]} did not answer in time. Try again later.`, { cause });

export const vendorFailed = (vendor: VendorName, cause?: unknown) =>
  new ServiceError(`${vendor}_failed`, `The ${LABEL[vendor]} failed to give a usable answer. Try again later.`, { cause });
