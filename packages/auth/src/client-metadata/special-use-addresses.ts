import { BlockList, isIP } from "node:net";

/**
 * Special-use address blocks (RFC 6890 and its IANA registries, RFC 6598, RFC 6761 for names):
 * the draft forbids fetching a client ID metadata document from any of them
 * ("Server Side Request Forgery (SSRF) Attacks"), so a stranger's `client_id` cannot make the
 * authorization server call itself, the network it sits in, or a cloud metadata endpoint.
 * node:net's BlockList does the matching, for IPv4 and IPv6 alike.
 */
const SPECIAL_USE = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata services
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255 broadcast
] as const) {
  SPECIAL_USE.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  // Unspecified (::), loopback (::1) and IPv4-compatible (::a.b.c.d, deprecated by RFC 4291
  // §2.5.5.1): `https://[::7f00:1]/` would otherwise reach 127.0.0.1 on a stack that still routes them.
  ["::", 96],
  ["64:ff9b::", 96], // IPv4/IPv6 translation
  ["64:ff9b:1::", 48], // local-use translation
  ["100::", 64], // discard-only
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID, benchmarking…)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  SPECIAL_USE.addSubnet(network, prefix, "ipv6");
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/**
 * IPv4-mapped IPv6 (`::ffff:0:0/96`) is not in SPECIAL_USE: node:net's BlockList matches an IPv4
 * address against an IPv6 rule through its mapped form, so that rule refused every IPv4 address.
 * A mapped address is checked as the IPv4 address it reaches instead (below).
 */
const MAPPED = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/**
 * An IPv4-mapped IPv6 address in any spelling (`::ffff:10.0.0.1`, `0:0:0:0:0:ffff:a00:1`) as the
 * IPv4 address it reaches; any other address as it is. The WHATWG URL parser gives the canonical form.
 */
function unmapped(address: string): string {
  if (isIP(address) !== 6) return address;
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const words = MAPPED.exec(canonical);
  if (words === null) return address;
  const [high, low] = [Number.parseInt(words[1]!, 16), Number.parseInt(words[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

export interface AddressPolicy {
  /**
   * Tests only: loopback addresses may be fetched, for a metadata server on 127.0.0.1. The draft
   * allows this only for an authorization server itself on loopback and never in production.
   */
  allowLoopbackForTests: boolean;
}

/** Whether the metadata fetch may connect to `address` (an IP literal). */
export function isFetchableAddress(address: string, policy: AddressPolicy): boolean {
  const plain = unmapped(address);
  const family = isIP(plain) === 6 ? "ipv6" : isIP(plain) === 4 ? "ipv4" : undefined;
  if (family === undefined) return false;
  if (policy.allowLoopbackForTests && LOOPBACK.check(plain, family)) return true;
  return !SPECIAL_USE.check(plain, family);
}
