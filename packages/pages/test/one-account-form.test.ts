import { describe, expect, it } from "vitest";
import { oneAccountForm } from "../src/views/shared/one-account-form.js";

describe("the one-account form shown again", () => {
  it("keeps what was typed but never a value holding an SSN or a card number, whichever field the refusal named", () => {
    const typed = { reference: "4111 1111 1111 1111", name: "Pat Lee", amount: "100.00", currency: "USD", creditor: "Acme 123-45-6789" };
    // The guard stops at the first hit: the refusal names the reference only.
    const form = oneAccountForm(typed, [{ code: "forbidden_personal_data", message: "Account 1, reference: looks like a card number", field: "0.reference" }]);
    expect(form.values).toEqual({ name: "Pat Lee", amount: "100.00", currency: "USD" });
    expect(Object.keys(form.errors)).toEqual(["reference", "creditor"]);
    expect(form.errors.creditor).toContain("so it was not kept");
    expect(form.errors.reference).toBe(form.errors.creditor);
  });

  it("keeps an invalid value as typed, so the person can correct it", () => {
    const form = oneAccountForm({ reference: "R-1", name: "x".repeat(130) }, [{ code: "invalid_input", message: "Account 1, name: too long", field: "0.name" }]);
    expect(form.values.name).toBe("x".repeat(130));
    expect(form.errors.name).toBe("Enter the account holder's name, at most 120 characters.");
  });
});
