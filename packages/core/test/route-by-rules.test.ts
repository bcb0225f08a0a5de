import { describe, expect, it } from "vitest";
import { routeByRules } from "../src/entries/routing.js";

describe("routeByRules: clear cases only", () => {
  it.each([
    ["A debt collector keeps calling me at work", { door: "resolve", resolveChannel: "call" }],
    ["I got a letter from a debt collector", { door: "resolve", resolveChannel: "letter" }],
    ["We want to place accounts with an agency", { door: "desk", resolveChannel: null }],
    ["How do I fight a chargeback?", { door: "chargebacks", resolveChannel: null }],
    ["Our customers left unpaid invoices", { door: "collect", resolveChannel: null }],
  ])("%s", (text, route) => {
    expect(routeByRules(text)).toEqual(route);
  });

  it.each([
    ["Hello, can you help?"],
    // Resolve, but neither calls nor a letter named: the channel is not clear.
    ["A debt collector contacted me"],
    // Resolve, and both channels named.
    ["A debt collector called and sent a letter"],
    // Two doors named.
    ["A chargeback on placements"],
  ])("leaves %s to the routing service", (text) => {
    expect(routeByRules(text)).toBeUndefined();
  });
});
