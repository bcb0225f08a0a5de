import { describe, expect, it } from "vitest";
import { describeNetworkError } from "../src/client-metadata/fetch-metadata-document.js";
import { isFetchableAddress, SPECIAL_USE_BLOCKS } from "../src/client-metadata/special-use-addresses.js";

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

/**
 * One address inside each special-use block, and for the block's edges, its first and last address
 * (issue 37: `::ffff:0:0/96`, `5f00::/16` and `3fff::/20` were fetchable). Every block the guard lists
 * has a row here, and every row's block is one the guard lists.
 */
const INSIDE: Record<string, string[]> = {
  "0.0.0.0/8": ["0.0.0.0", "0.255.255.255"],
  "10.0.0.0/8": ["10.0.0.0", "10.255.255.255"],
  "100.64.0.0/10": ["100.64.0.0", "100.127.255.255"],
  "127.0.0.0/8": ["127.0.0.1", "127.255.255.255"],
  "169.254.0.0/16": ["169.254.169.254", "169.254.255.255"],
  "172.16.0.0/12": ["172.16.0.0", "172.31.255.255"],
  "192.0.0.0/24": ["192.0.0.0", "192.0.0.170", "192.0.0.255"],
  "192.0.2.0/24": ["192.0.2.0", "192.0.2.255"],
  "192.31.196.0/24": ["192.31.196.1", "192.31.196.255"],
  "192.52.193.0/24": ["192.52.193.1", "192.52.193.255"],
  "192.88.99.0/24": ["192.88.99.1", "192.88.99.255"],
  "192.168.0.0/16": ["192.168.0.1", "192.168.255.255"],
  "192.175.48.0/24": ["192.175.48.1", "192.175.48.255"],
  "198.18.0.0/15": ["198.18.0.0", "198.19.255.255"],
  "198.51.100.0/24": ["198.51.100.0", "198.51.100.255"],
  "203.0.113.0/24": ["203.0.113.0", "203.0.113.255"],
  "224.0.0.0/4": ["224.0.0.1", "239.255.255.255"],
  "240.0.0.0/4": ["240.0.0.0", "255.255.255.255"],
  "::/96": ["::", "::1", "::ffff:ffff"],
  "::ffff:0:0:0/96": ["::ffff:0:a9fe:a9fe", "::ffff:0:7f00:1", "::ffff:0:0:0", "::ffff:0:ffff:ffff"],
  "64:ff9b::/96": ["64:ff9b::a00:1", "64:ff9b::ffff:ffff"],
  "64:ff9b:1::/48": ["64:ff9b:1::1", "64:ff9b:1:ffff:ffff:ffff:ffff:ffff"],
  "100::/64": ["100::", "100::ffff:ffff:ffff:ffff"],
  "100:0:0:1::/64": ["100:0:0:1::", "100:0:0:1:ffff:ffff:ffff:ffff"],
  "2001::/23": ["2001::1", "2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff"],
  "2001:db8::/32": ["2001:db8::1", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff"],
  "2002::/16": ["2002:7f00:1::1", "2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
  "2620:4f:8000::/48": ["2620:4f:8000::1", "2620:4f:8000:ffff:ffff:ffff:ffff:ffff"],
  "3fff::/20": ["3fff::1", "3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff"],
  "5f00::/16": ["5f00::1", "5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
  "fc00::/7": ["fc00::1", "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
  "fe80::/10": ["fe80::1", "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
  "fec0::/10": ["fec0::1", "feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
  "ff00::/8": ["ff02::1", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
};

describe("every special-use block of IANA's IPv4 and IPv6 registries is refused", () => {
  it("has a row here for each block the guard lists, and no other", () => {
    expect(Object.keys(INSIDE).sort()).toEqual(SPECIAL_USE_BLOCKS.map(({ block }) => block).sort());
  });

  it.each(SPECIAL_USE_BLOCKS.map(({ block, why }) => [block, why]))("%s (%s)", (block) => {
    for (const address of INSIDE[block] ?? []) expect(isFetchableAddress(address, deployed), address).toBe(false);
  });

  it("still fetches the public neighbours of the newly listed blocks", () => {
    for (const address of ["192.31.195.255", "192.52.194.1", "192.175.49.1", "3fff:1000::1", "5eff::1", "5f01::1", "2620:4f:8001::1", "::fffe:0:0:1"]) {
      expect(isFetchableAddress(address, deployed), address).toBe(true);
    }
  });
});
