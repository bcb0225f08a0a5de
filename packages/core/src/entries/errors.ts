/** `@connector/core/errors`: The error model: stable codes with their HTTP statuses, ServiceError, the store-unavailable error, what of an error may be logged. */
export { CONNECTOR_ERROR_CODES, type ConnectorErrorCode, ERROR_STATUS, type ErrorCode, type ErrorStatus } from "../errors/error-codes.js";
export {
  ServiceError,
  isServiceError,
  toServiceError,
  notFound,
  unsupportedMediaType,
  type ErrorBody,
  type ServiceErrorOptions,
} from "../errors/service-error.js";
export { ECHO_LIMIT, echoedInput } from "../errors/echoed-input.js";
export { loggableError } from "../errors/loggable-error.js";
export { isStoreUnavailable, STORE_UNAVAILABLE, StoreUnavailableError } from "../errors/store-unavailable.js";
export type { ErrorDetail } from "../errors/service-error.js";
export { connectorErrorBodyJsonSchema, errorBodyJsonSchema } from "../errors/error-body-schema.js";
