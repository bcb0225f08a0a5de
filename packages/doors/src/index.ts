export { addDoorRoutes, DOOR_PATHS, type DoorRoutesOptions } from "./door-routes.js";
export { DEFAULT_VENDOR_TIMEOUT_MS, isConfigured, type VendorConfig } from "./vendors/vendor-config.js";
export { postJson, vendorProblem, type VendorRequest } from "./vendors/post-json.js";
export { createRoutingServiceClient } from "./vendors/routing-service-client.js";
export { createLanguageModelClient } from "./vendors/language-model-client.js";
