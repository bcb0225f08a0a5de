import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  accountIdInputSchema,
  createConsumerRequestDraftInputSchema,
  createPlacementDraftInputSchema,
  emptyInputSchema,
  getDraftStatusInputSchema,
  listAccountsInputSchema,
  placementAccountItemSchema,
  relayApprovedOfferInputSchema,
} from "../src/entries/schemas.js";

const KEY = "draft_key-0000000001"; // 20 characters, allowed alphabet
const UUID = "0190f3a2-7b1c-7d2e-8f3a-4b5c6d7e8f90";
const s = (n: number, c = "a") => c.repeat(n);

const account = (over: Record<string, unknown> = {}) => ({ reference: "REF-1", name: "Pat Doe", amount: 125.5, ...over });
const placement = (over: Record<string, unknown> = {}) => ({
  title: "November batch",
  accounts: [account()],
  idempotencyKey: KEY,
  ...over,
});
const consumer = (over: Record<string, unknown> = {}) => ({
  kind: "documents",
  recipient: "Acme Collections",
  idempotencyKey: KEY,
  ...over,
});

const accepts = (schema: z.ZodType, value: unknown) => expect(schema.safeParse(value).success).toBe(true);
/** Rejected, and the issue points at `path` (so the test fails if a different constraint is what rejects). */
const rejects = (schema: z.ZodType, value: unknown, path: (string | number)[]) => {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  expect(result.error!.issues.map((issue) => issue.path)).toContainEqual(path);
};

describe("create_placement_draft (spec §2.3)", () => {
  const schema = createPlacementDraftInputSchema;

  it("accepts a minimal valid draft", () => accepts(schema, placement()));

  it("title: length 1..120", () => {
    accepts(schema, placement({ title: s(1) }));
    accepts(schema, placement({ title: s(120) }));
    rejects(schema, placement({ title: "" }), ["title"]);
    rejects(schema, placement({ title: s(121) }), ["title"]);
  });

  it("title: required and a string", () => {
    const { title: _, ...noTitle } = placement();
    rejects(schema, noTitle, ["title"]);
    rejects(schema, placement({ title: 5 }), ["title"]);
  });

  it("accounts: 1..100 items", () => {
    accepts(schema, placement({ accounts: [account()] }));
    accepts(schema, placement({ accounts: Array.from({ length: 100 }, (_, i) => account({ reference: `R${i}` })) }));
    rejects(schema, placement({ accounts: [] }), ["accounts"]);
    rejects(schema, placement({ accounts: Array.from({ length: 101 }, () => account()) }), ["accounts"]);
  });

  it("accounts: required and an array", () => {
    const { accounts: _, ...noAccounts } = placement();
    rejects(schema, noAccounts, ["accounts"]);
    rejects(schema, placement({ accounts: account() }), ["accounts"]);
  });

  it("idempotencyKey: length 16..100", () => {
    accepts(schema, placement({ idempotencyKey: s(16, "k") }));
    accepts(schema, placement({ idempotencyKey: s(100, "k") }));
    rejects(schema, placement({ idempotencyKey: s(15, "k") }), ["idempotencyKey"]);
    rejects(schema, placement({ idempotencyKey: s(101, "k") }), ["idempotencyKey"]);
  });

  it("idempotencyKey: pattern ^[A-Za-z0-9_-]+$", () => {
    accepts(schema, placement({ idempotencyKey: "AZaz09_-AZaz09_-" }));
    for (const bad of ["abcdefghijklmno!", "abcdefgh ijklmnop", "abcdefgh.ijklmnop", "abcdefghijklmnoé", "abcdefghijklmno/"]) {
      rejects(schema, placement({ idempotencyKey: bad }), ["idempotencyKey"]);
    }
  });

  it("idempotencyKey: required", () => {
    const { idempotencyKey: _, ...noKey } = placement();
    rejects(schema, noKey, ["idempotencyKey"]);
  });

  it("rejects unknown properties at the top level", () => {
    const result = schema.safeParse(placement({ status: "approved" }));
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.code).toBe("unrecognized_keys");
  });

  it("rejects a non-object body", () => {
    expect(schema.safeParse([placement()]).success).toBe(false);
    expect(schema.safeParse(null).success).toBe(false);
    expect(schema.safeParse("draft").success).toBe(false);
  });
});

describe("placement account item (spec §2.3)", () => {
  const schema = placementAccountItemSchema;

  it("reference: length 1..80, required", () => {
    accepts(schema, account({ reference: s(1) }));
    accepts(schema, account({ reference: s(80) }));
    rejects(schema, account({ reference: "" }), ["reference"]);
    rejects(schema, account({ reference: s(81) }), ["reference"]);
    const { reference: _, ...noReference } = account();
    rejects(schema, noReference, ["reference"]);
  });

  it("name: length 1..120, required", () => {
    accepts(schema, account({ name: s(1) }));
    accepts(schema, account({ name: s(120) }));
    rejects(schema, account({ name: "" }), ["name"]);
    rejects(schema, account({ name: s(121) }), ["name"]);
    const { name: _, ...noName } = account();
    rejects(schema, noName, ["name"]);
  });

  it("amount: greater than 0 (exclusive), at most 100000000", () => {
    accepts(schema, account({ amount: 0.01 }));
    accepts(schema, account({ amount: Number.MIN_VALUE }));
    accepts(schema, account({ amount: 100_000_000 }));
    rejects(schema, account({ amount: 0 }), ["amount"]);
    rejects(schema, account({ amount: -1 }), ["amount"]);
    rejects(schema, account({ amount: 100_000_000.01 }), ["amount"]);
  });

  it("amount: a finite number, required", () => {
    rejects(schema, account({ amount: "125.50" }), ["amount"]);
    rejects(schema, account({ amount: Number.NaN }), ["amount"]);
    rejects(schema, account({ amount: Number.POSITIVE_INFINITY }), ["amount"]);
    rejects(schema, account({ amount: null }), ["amount"]);
    const { amount: _, ...noAmount } = account();
    rejects(schema, noAmount, ["amount"]);
  });

  it("currency: pattern ^[A-Z]{3}$", () => {
    accepts(schema, account({ currency: "EUR" }));
    for (const bad of ["usd", "US", "USDD", "U5D", "", " USD"]) rejects(schema, account({ currency: bad }), ["currency"]);
    rejects(schema, account({ currency: 840 }), ["currency"]);
  });

  it("currency: defaults to USD when omitted, keeps a given one", () => {
    expect(schema.parse(account()).currency).toBe("USD");
    expect(schema.parse(account({ currency: "GBP" })).currency).toBe("GBP");
  });

  it("creditor: optional, length 1..120", () => {
    expect(schema.parse(account())).not.toHaveProperty("creditor");
    accepts(schema, account({ creditor: s(1) }));
    accepts(schema, account({ creditor: s(120) }));
    rejects(schema, account({ creditor: "" }), ["creditor"]);
    rejects(schema, account({ creditor: s(121) }), ["creditor"]);
    rejects(schema, account({ creditor: null }), ["creditor"]);
  });

  it("rejects unknown properties inside an account item, also through the draft schema", () => {
    const direct = schema.safeParse(account({ ssn: "x" }));
    expect(direct.success).toBe(false);
    expect(direct.error!.issues[0]!.code).toBe("unrecognized_keys");
    const nested = createPlacementDraftInputSchema.safeParse(placement({ accounts: [account(), account({ notes: "x" })] }));
    expect(nested.success).toBe(false);
    expect(nested.error!.issues[0]!.code).toBe("unrecognized_keys");
    expect(nested.error!.issues[0]!.path).toEqual(["accounts", 1]);
  });

  it("the draft schema applies the currency default to every account", () => {
    const parsed = createPlacementDraftInputSchema.parse(placement({ accounts: [account(), account({ currency: "CAD" })] }));
    expect(parsed.accounts.map((a) => a.currency)).toEqual(["USD", "CAD"]);
  });

  it("propagates an account-level error with its index", () => {
    rejects(createPlacementDraftInputSchema, placement({ accounts: [account(), account({ amount: 0 })] }), [
      "accounts",
      1,
      "amount",
    ]);
  });
});

describe("create_consumer_request_draft (spec §2.4)", () => {
  const schema = createConsumerRequestDraftInputSchema;

  it("kind: enum documents | contact_preference, required", () => {
    accepts(schema, consumer({ kind: "documents" }));
    accepts(schema, consumer({ kind: "contact_preference" }));
    for (const bad of ["dispute", "Documents", "", "settlement"]) rejects(schema, consumer({ kind: bad }), ["kind"]);
    const { kind: _, ...noKind } = consumer();
    rejects(schema, noKind, ["kind"]);
  });

  it("recipient: length 1..120, required", () => {
    accepts(schema, consumer({ recipient: s(1) }));
    accepts(schema, consumer({ recipient: s(120) }));
    rejects(schema, consumer({ recipient: "" }), ["recipient"]);
    rejects(schema, consumer({ recipient: s(121) }), ["recipient"]);
    const { recipient: _, ...noRecipient } = consumer();
    rejects(schema, noRecipient, ["recipient"]);
  });

  it("reference: optional, length 1..80", () => {
    expect(schema.parse(consumer())).not.toHaveProperty("reference");
    accepts(schema, consumer({ reference: s(1) }));
    accepts(schema, consumer({ reference: s(80) }));
    rejects(schema, consumer({ reference: "" }), ["reference"]);
    rejects(schema, consumer({ reference: s(81) }), ["reference"]);
  });

  it("channel: enum service | written | email | mail", () => {
    for (const ok of ["service", "written", "email", "mail"]) accepts(schema, consumer({ channel: ok }));
    for (const bad of ["sms", "phone", "Email", ""]) rejects(schema, consumer({ channel: bad }), ["channel"]);
  });

  it("channel: defaults to service when omitted, keeps a given one", () => {
    expect(schema.parse(consumer()).channel).toBe("service");
    expect(schema.parse(consumer({ channel: "mail" })).channel).toBe("mail");
  });

  it("idempotencyKey: length 16..100, pattern, required", () => {
    accepts(schema, consumer({ idempotencyKey: s(16, "Z") }));
    accepts(schema, consumer({ idempotencyKey: s(100, "9") }));
    rejects(schema, consumer({ idempotencyKey: s(15, "Z") }), ["idempotencyKey"]);
    rejects(schema, consumer({ idempotencyKey: s(101, "Z") }), ["idempotencyKey"]);
    rejects(schema, consumer({ idempotencyKey: "abcdefghijklmnop+" }), ["idempotencyKey"]);
    const { idempotencyKey: _, ...noKey } = consumer();
    rejects(schema, noKey, ["idempotencyKey"]);
  });

  it("rejects unknown properties", () => {
    const result = schema.safeParse(consumer({ message: "pay later" }));
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.code).toBe("unrecognized_keys");
  });

  it("rejects wrong types", () => {
    rejects(schema, consumer({ recipient: 7 }), ["recipient"]);
    rejects(schema, consumer({ channel: 1 }), ["channel"]);
  });
});

describe("tools without arguments (spec §4.1)", () => {
  it("accept only an empty object", () => {
    accepts(emptyInputSchema, {});
    const result = emptyInputSchema.safeParse({ limit: 5 });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.code).toBe("unrecognized_keys");
    expect(emptyInputSchema.safeParse(null).success).toBe(false);
    expect(emptyInputSchema.safeParse([]).success).toBe(false);
  });
});

describe("get_draft_status (spec §4.1)", () => {
  const schema = getDraftStatusInputSchema;
  it("draftId: UUID, required", () => {
    accepts(schema, { draftId: UUID });
    rejects(schema, { draftId: "not-a-uuid" }, ["draftId"]);
    rejects(schema, { draftId: 12 }, ["draftId"]);
    rejects(schema, {}, ["draftId"]);
  });
  it("rejects unknown properties", () => {
    expect(schema.safeParse({ draftId: UUID, accountId: UUID }).success).toBe(false);
  });
});

describe("list_accounts (spec §4.1, §8)", () => {
  const schema = listAccountsInputSchema;

  it("limit: integer 1..50", () => {
    accepts(schema, { limit: 1 });
    accepts(schema, { limit: 50 });
    rejects(schema, { limit: 0 }, ["limit"]);
    rejects(schema, { limit: 51 }, ["limit"]);
    rejects(schema, { limit: -5 }, ["limit"]);
  });

  it("limit: a non-integer or non-number is rejected", () => {
    rejects(schema, { limit: 10.5 }, ["limit"]);
    rejects(schema, { limit: "10" }, ["limit"]);
    rejects(schema, { limit: null }, ["limit"]);
  });

  it("limit: defaults to 20 when omitted", () => {
    expect(schema.parse({}).limit).toBe(20);
    expect(schema.parse({ limit: 7 }).limit).toBe(7);
  });

  it("cursor: optional UUID", () => {
    expect(schema.parse({})).not.toHaveProperty("cursor");
    accepts(schema, { cursor: UUID });
    rejects(schema, { cursor: "page-2" }, ["cursor"]);
    rejects(schema, { cursor: "" }, ["cursor"]);
  });

  it("rejects unknown properties", () => {
    const result = schema.safeParse({ limit: 5, query: "Doe" });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.code).toBe("unrecognized_keys");
  });
});

describe("get_case_status / list_payment_records (spec §4.1)", () => {
  const schema = accountIdInputSchema;
  it("accountId: UUID, required", () => {
    accepts(schema, { accountId: UUID });
    rejects(schema, { accountId: "12345" }, ["accountId"]);
    rejects(schema, {}, ["accountId"]);
  });
  it("rejects unknown properties", () => {
    expect(schema.safeParse({ accountId: UUID, limit: 5 }).success).toBe(false);
  });
});

describe("relay_approved_offer (spec §4.1)", () => {
  const schema = relayApprovedOfferInputSchema;
  it("reference: length 1..80, required, the only input", () => {
    accepts(schema, { reference: s(1) });
    accepts(schema, { reference: s(80) });
    rejects(schema, { reference: "" }, ["reference"]);
    rejects(schema, { reference: s(81) }, ["reference"]);
    rejects(schema, { reference: 42 }, ["reference"]);
    rejects(schema, {}, ["reference"]);
    expect(schema.safeParse({ reference: "REF-1", amount: 10 }).success).toBe(false);
  });
});

describe("generated JSON Schema (zod 4, default output mode)", () => {
  type JsonObjectSchema = {
    type: string;
    required?: string[];
    additionalProperties?: unknown;
    properties: Record<string, Record<string, unknown>>;
  };
  const json = (schema: z.ZodType) => z.toJSONSchema(schema) as unknown as JsonObjectSchema;

  it("list_accounts lists limit as required with default 20, bounds, integer type, no extra properties", () => {
    const schema = json(listAccountsInputSchema);
    expect(schema.required).toEqual(["limit"]);
    expect(schema.properties.limit).toMatchObject({ type: "integer", default: 20, minimum: 1, maximum: 50 });
    expect(schema.properties.cursor).toMatchObject({ type: "string", format: "uuid" });
    expect(schema.additionalProperties).toBe(false);
  });

  it("the placement account item lists currency as required with default USD, no extra properties", () => {
    const draft = json(createPlacementDraftInputSchema);
    expect(draft.required).toEqual(expect.arrayContaining(["title", "accounts", "idempotencyKey"]));
    expect(draft.additionalProperties).toBe(false);
    expect(draft.properties.accounts).toMatchObject({ type: "array", minItems: 1, maxItems: 100 });
    const item = (draft.properties.accounts as { items: JsonObjectSchema }).items;
    expect(item.required).toEqual(expect.arrayContaining(["reference", "name", "amount", "currency"]));
    expect(item.required).not.toContain("creditor");
    expect(item.properties.currency).toMatchObject({ type: "string", default: "USD", pattern: "^[A-Z]{3}$" });
    expect(item.properties.amount).toMatchObject({ type: "number", exclusiveMinimum: 0, maximum: 100000000 });
    expect(item.additionalProperties).toBe(false);
  });

  it("create_consumer_request_draft lists channel as required with default service, no extra properties", () => {
    const schema = json(createConsumerRequestDraftInputSchema);
    expect(schema.required).toEqual(expect.arrayContaining(["kind", "recipient", "channel", "idempotencyKey"]));
    expect(schema.required).not.toContain("reference");
    expect(schema.properties.channel).toMatchObject({ default: "service", enum: ["service", "written", "email", "mail"] });
    expect(schema.additionalProperties).toBe(false);
  });

  it("every tool schema forbids additional properties", () => {
    for (const schema of [
      emptyInputSchema,
      getDraftStatusInputSchema,
      listAccountsInputSchema,
      accountIdInputSchema,
      relayApprovedOfferInputSchema,
      createPlacementDraftInputSchema,
      createConsumerRequestDraftInputSchema,
    ]) {
      expect(json(schema)).toMatchObject({ type: "object", additionalProperties: false });
    }
  });
});
