export { DEFAULT_VENDOR_TIMEOUT_MS, isConfigured, type VendorConfig } from "./vendor-config.js";
export { postJson, vendorProblem, type VendorRequest } from "./post-json.js";
export { createRoutingServiceClient } from "./routing-service-client.js";
export { createLanguageModelClient } from "./language-model-client.js";
