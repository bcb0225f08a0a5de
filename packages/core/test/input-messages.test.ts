import { describe, expect, it } from "vitest";
import {
  createConsumerRequestDraftInputSchema,
  createPlacementDraftInputSchema,
  getDraftStatusInputSchema,
  listAccountsInputSchema,
} from "../src/entries/schemas.js";
import { invalidInputError } from "../src/tools/input-error.js";

/** The 400 a client sees for `input` against `schema`: its message and field. */
function refusal(schema: { safeParse(input: unknown): { success: boolean; error?: unknown } }, input: unknown) {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  const error = invalidInputError(result.error as never);
  return { message: error.message, field: error.field };
}

const draft = { title: "Import", accounts: [{ reference: "R-1", name: "Ray", amount: 10 }], idempotencyKey: "key-0000000000000001" };

describe("invalid input messages read as a person would say them, with the field kept", () => {
  it("ranges of numbers", () => {
    expect(refusal(listAccountsInputSchema, { limit: 51 })).toEqual({ message: "limit must be at most 50.", field: "limit" });
    expect(refusal(listAccountsInputSchema, { limit: 0 })).toEqual({ message: "limit must be at least 1.", field: "limit" });
    expect(refusal(listAccountsInputSchema, { limit: 2.5 })).toEqual({ message: "limit must be a whole number.", field: "limit" });
    const zero = { ...draft, accounts: [{ ...draft.accounts[0], amount: 0 }] };
    expect(refusal(createPlacementDraftInputSchema, zero)).toEqual({ message: "accounts.0.amount must be greater than 0.", field: "accounts.0.amount" });
  });

  it("lengths of text and lists", () => {
    expect(refusal(createPlacementDraftInputSchema, { ...draft, title: "" })).toEqual({ message: "title must not be empty.", field: "title" });
    expect(refusal(createPlacementDraftInputSchema, { ...draft, title: "x".repeat(121) })).toEqual({
      message: "title must be at most 120 characters.",
      field: "title",
    });
    expect(refusal(createPlacementDraftInputSchema, { ...draft, accounts: [] }).message).toBe("accounts must have at least 1 item.");
    expect(refusal(createPlacementDraftInputSchema, { ...draft, idempotencyKey: "short" }).message).toBe(
      "idempotencyKey must have at least 16 characters.",
    );
  });

  it("missing fields, wrong types, choices and formats", () => {
    expect(refusal(getDraftStatusInputSchema, {})).toEqual({ message: "draftId is required.", field: "draftId" });
    expect(refusal(createPlacementDraftInputSchema, { ...draft, title: 5 }).message).toBe("title must be a string.");
    const request = { kind: "letter", recipient: "Agency", idempotencyKey: "key-0000000000000001" };
    expect(refusal(createConsumerRequestDraftInputSchema, request)).toEqual({
      message: 'kind must be one of "documents", "contact_preference".',
      field: "kind",
    });
    expect(refusal(getDraftStatusInputSchema, { draftId: "nope" }).message).toMatch(/^draftId must be a UUID/);
  });

  it("never says it like the validator's internals", () => {
    const messages = [
      refusal(listAccountsInputSchema, { limit: 51 }).message,
      refusal(createPlacementDraftInputSchema, { ...draft, title: "" }).message,
      refusal(getDraftStatusInputSchema, {}).message,
    ];
    for (const message of messages) expect(message).not.toMatch(/Too big|Too small|expected|received|<=|>=/);
  });
});
