import { describe, expect, expectTypeOf, it } from "vitest";
import {
  type ConnectorClient,
  type ConnectorErrorCode,
  isConnectorError,
  RateLimitError,
  type ServiceErrorCode,
  type ToolArguments,
  type WrongWorkspaceError,
} from "../src/index.js";

/**
 * Mistakes the types catch at compile time (issue 54). `pnpm typecheck` checks this file: each
 * `@ts-expect-error` fails the check when the line below it compiles. Nothing here calls the service.
 */
function compileOnly(client: ConnectorClient, error: unknown): void {
  // @ts-expect-error: a string for an integer
  void client.callTool("desk", "list_accounts", { limit: "five" });
  // @ts-expect-error: a property the tool does not take
  void client.callTool("desk", "list_accounts", { limit: 5, bogus: true });
  // @ts-expect-error: a tool of the other workspace
  void client.callTool("desk", "relay_approved_offer", { reference: "HRP-000123" });
  // Defaulted fields may be left out: `limit`, an account's `currency`, a request's `channel`.
  void client.callTool("desk", "list_accounts", {});
  void client.desk.createPlacementDraft({ title: "t", accounts: [{ reference: "R", name: "N", amount: 1 }] });
  void client.resolve.createConsumerRequestDraft({ kind: "documents", recipient: "Harbor Recovery" });
  expectTypeOf<ToolArguments<"desk_list_accounts">>().toEqualTypeOf<{ limit?: number; cursor?: string }>();

  // @ts-expect-error: a misspelt code
  isConnectorError(error, "rate_limitted");
  // @ts-expect-error: an /api/v1 code the connector never answers (issue 54: the union is the connector's codes only)
  isConnectorError(error, "duplicate_reference");
  // @ts-expect-error: another, the back office's
  isConnectorError(error, "draft_closed");
  expectTypeOf<ServiceErrorCode>().toEqualTypeOf<
    | "invalid_input"
    | "invalid_amount"
    | "forbidden_personal_data"
    | "unknown_tool"
    | "invalid_token"
    | "invalid_dpop_proof"
    | "use_dpop_nonce"
    | "connection_required"
    | "wrong_workspace"
    | "insufficient_scope"
    | "forbidden_origin"
    | "not_found"
    | "idempotency_conflict"
    | "method_not_allowed"
    | "payload_too_large"
    | "unsupported_media_type"
    | "rate_limited"
    | "internal_error"
    | "service_unavailable"
  >();
  if (isConnectorError(error, "rate_limited")) expectTypeOf(error.retryAfterSeconds).toEqualTypeOf<number | undefined>();
  if (isConnectorError(error, "wrong_workspace")) expectTypeOf(error).toExtend<WrongWorkspaceError>();
  if (isConnectorError(error, "connection_error", "timeout")) expectTypeOf(error.code).toEqualTypeOf<"connection_error" | "timeout">();
  if (isConnectorError(error)) expectTypeOf(error.code).toEqualTypeOf<ConnectorErrorCode>();
}

describe("the types", () => {
  it("narrow at run time as they say at compile time", () => {
    expect(compileOnly).toBeTypeOf("function");
    const limited = new RateLimitError({ status: 429, code: "rate_limited", message: "slow down", headers: new Headers({ "retry-after": "7" }) });
    expect(isConnectorError(limited, "rate_limited") && limited.retryAfterSeconds).toBe(7);
    expect(isConnectorError(limited, "timeout")).toBe(false);
  });
});
