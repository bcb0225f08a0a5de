// `@connector/core/validation`: the one way a door checks what a caller sent (tools, /api/v1, pages).

export { PATH_ID_NAMES, type PathIdName, pathIdSchema, pathParams } from "../validation/path-ids.js";
export { type InputPlace, type ValidateOptions, validateInput } from "../validation/validate-input.js";
