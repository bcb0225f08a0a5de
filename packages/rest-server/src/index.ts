export {
  addConnectorRestRoutes,
  CONNECTOR_REST_BASE,
  type ConnectorRestOptions,
} from "./connector-router.js";
export {
  buildOpenApiDocument,
  OPENAPI_VERSION,
  SECURITY_SCHEME,
  type OpenApiDocument,
  type OpenApiOptions,
} from "./openapi/build-openapi.js";
export { openApiRouter } from "./openapi/openapi-router.js";
