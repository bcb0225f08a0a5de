export {
  defineRoute,
  type ApiV1Route,
  type ApiV1Services,
  type RouteAccess,
  type RouteRequest,
} from "./api-v1-route.js";
export { API_V1_BASE, createApiV1Router, type ApiV1Authenticate, type ApiV1RouterOptions } from "./create-api-v1-router.js";
export { API_V1_ROUTES } from "./routes/index.js";
export { buildApiV1OpenApi } from "./openapi/build-api-v1-openapi.js";
export { pageQuery, timestamp } from "./schemas.js";
