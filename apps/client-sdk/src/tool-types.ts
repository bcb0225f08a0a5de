import type { operations } from "./generated/openapi.js";

/** `desk_list_accounts`, `resolve_relay_approved_offer`, …: the operation ids of the OpenAPI document (spec §4.1). */
export type OperationId = keyof operations;

/**
 * A tool's arguments as its published schema lists them; a property with a default (`limit`, `currency`,
 * `channel`) may be left out, and the service fills it in.
 */
export type ToolArguments<Op extends OperationId> = operations[Op]["requestBody"]["content"]["application/json"];

/** A tool's HTTP 200 result. */
export type ToolResult<Op extends OperationId> = operations[Op]["responses"][200]["content"]["application/json"];

/** Per-call options every method accepts. */
export interface CallOptions {
  /** Cancels the call, including its retries and any wait between them. */
  signal?: AbortSignal;
  /** Per attempt; default the client's `timeoutMs`. */
  timeoutMs?: number;
  /** Retries after the first attempt; default the client's `maxRetries`. */
  maxRetries?: number;
}

/** The tool names of one workspace: `ToolName<"desk">` is `"list_accounts" | "get_case_status" | …`. */
export type ToolName<W extends string> = OperationId extends infer Op ? (Op extends `${W}_${infer Name}` ? Name : never) : never;

/** The operation id of a workspace's tool: `ToolOperation<"desk", "list_accounts">` is `"desk_list_accounts"`. */
export type ToolOperation<W extends string, Tool extends string> = `${W}_${Tool}` & OperationId;

/** A draft result with the idempotency key the call used, for a later retry of the same draft. */
export type SavedDraft<Result> = Result & { idempotencyKey: string };
