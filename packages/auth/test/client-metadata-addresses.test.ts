import { describe, expect, it } from "vitest";
import { describeNetworkError } from "../src/client-metadata/fetch-metadata-document.js";
import { isFetchableAddress } from "../src/client-metadata/special-use-addresses.js";

const deployed = { allowLoopbackForTests: false };
const networkError = (code: string) => Object.assign(new Error(code), { code });

describe("the client ID metadata fetch's address guard", () => {
  it("refuses IPv4-compatible IPv6 addresses (::/96), which reach the IPv4 address they embed", () => {
    for (const address of ["::7f00:1", "::a00:8", "::a9fe:a9fe", "::", "::1", "::8.8.8.8"]) {
      expect(isFetchableAddress(address, deployed), address).toBe(false);
    }
  });

  it("fetches public addresses, IPv4 and IPv6 (every IPv4 address was refused), and judges IPv4-mapped ones by the IPv4 address", () => {
    for (const address of ["8.8.8.8", "93.184.215.14", "2606:4700::1111", "::ffff:8.8.8.8", "::ffff:808:808"]) {
      expect(isFetchableAddress(address, deployed), address).toBe(true);
    }
    for (const address of ["::ffff:10.0.0.1", "::ffff:a00:1", "0:0:0:0:0:ffff:7f00:1", "::ffff:169.254.169.254"]) {
      expect(isFetchableAddress(address, deployed), address).toBe(false);
    }
  });

  it("answers an internal address and a name that does not resolve in the same words, so internal names cannot be probed", () => {
    const internal = describeNetworkError(networkError("EINTERNAL")).message;
    expect(describeNetworkError(networkError("ENOTFOUND")).message).toBe(internal);
    expect(describeNetworkError(networkError("EAI_AGAIN")).message).toBe(internal);
    expect(internal).not.toMatch(/internal|private|loopback/i);
  });
});
