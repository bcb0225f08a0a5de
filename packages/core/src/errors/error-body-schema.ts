import { ERROR_STATUS } from "./error-codes.js";

const codeSchema = { type: "string", enum: Object.keys(ERROR_STATUS), description: "Stable machine-readable code." } as const;

/** The one error body (`ServiceError.toBody()`) as JSON Schema, for every OpenAPI document of the service. */
export const errorBodyJsonSchema = {
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
