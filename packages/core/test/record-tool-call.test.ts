import { describe, expect, it } from "vitest";
import { ServiceError } from "../src/index.js";
import type { ConnectionActivityEntry } from "../src/entries/ports.js";
import { recordToolCall } from "../src/entries/tools.js";

const NOW = new Date("2026-11-23T10:00:00.000Z");

describe("recording a connector call in its connection's trail", () => {
  const recorded: ConnectionActivityEntry[] = [];
  const recorder = { record: (entry: ConnectionActivityEntry) => recorded.push(entry) };
  const call = { grantId: "grant-1", tool: "list_accounts", now: () => NOW };

  it("records ok with the tool and time, and returns the call's answer untouched", async () => {
    recorded.length = 0;
    await expect(recordToolCall(recorder, call, async () => ({ accounts: [] }))).resolves.toEqual({ accounts: [] });
    expect(recorded).toEqual([{ grantId: "grant-1", tool: "list_accounts", at: NOW.toISOString(), result: "ok" }]);
  });

  it("records the stable error code of a refusal and rethrows it; anything unexpected is internal_error", async () => {
    recorded.length = 0;
    const refusal = new ServiceError("not_found", "No such account.");
    await expect(recordToolCall(recorder, call, () => Promise.reject(refusal))).rejects.toBe(refusal);
    await expect(recordToolCall(recorder, call, () => Promise.reject(new Error("SSN 123-45-6789 in a message")))).rejects.toThrow();
    expect(recorded.map((entry) => entry.result)).toEqual(["not_found", "internal_error"]);
    // Only the four fields: no argument, no message ever reaches the trail.
    expect(recorded.every((entry) => Object.keys(entry).sort().join() === "at,grantId,result,tool")).toBe(true);
  });
});
