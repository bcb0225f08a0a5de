export { loadConfig, type ServerConfig } from "./config.js";
export { createService, type Service, type ServiceOptions } from "./create-service.js";
export { createLogger, type Logger } from "./logger.js";
export { DEMO_USERS } from "./demo-data.js";
