import { CONNECTOR_ERROR_CODES, ERROR_STATUS, type ErrorCode } from "./error-codes.js";

/**
 * The one error body (`ServiceError.toBody()`) as JSON Schema, listing `codes`: every code for /api/v1's
 * document (`errorBodyJsonSchema`), the connector's own for the connector's (`connectorErrorBodyJsonSchema`).
 */
function errorBodySchemaFor<const Codes extends readonly ErrorCode[]>(codes: Codes) {
  const codeSchema = { type: "string", enum: codes, description: "Stable machine-readable code." } as const;
  return {
    type: "object",
    additionalProperties: false,
    required: ["error"],
    properties: {
      error: {
        type: "object",
        additionalProperties: false,
        required: ["code", "message"],
        properties: {
          code: codeSchema,
          message: { type: "string", description: "What went wrong and what to do, for a person." },
          field: { type: "string", description: "Where: the argument at fault as a dotted path (accounts.2.amount). Never its value." },
          requestId: { type: "string", description: "The request's X-Request-Id, to quote when reporting a failure." },
          details: {
            type: "array",
            description: "Every problem when one request has several (each bad row of a batch), in order.",
            items: {
              type: "object",
              additionalProperties: false,
              required: ["code", "message"],
              properties: {
                code: codeSchema,
                message: { type: "string" },
                field: { type: "string" },
                row: { type: "integer", minimum: 1, description: "1-based row of a batch (CSV: the first data row is 1)." },
              },
            },
          },
        },
      },
    },
  } as const;
}

/** Every code the service has: the error body of /api/v1 and the back office. */
export const errorBodyJsonSchema = errorBodySchemaFor(Object.keys(ERROR_STATUS) as ErrorCode[]);

/** The connector's codes only (REST tools and MCP): the error body of the connector's published documents. */
export const connectorErrorBodyJsonSchema = errorBodySchemaFor(CONNECTOR_ERROR_CODES);
