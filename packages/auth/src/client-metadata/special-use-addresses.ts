import { BlockList, isIP } from "node:net";

/**
 * Special-use address blocks: every entry of IANA's IPv4 and IPv6 Special-Purpose Address Registries
 * (RFC 6890 and what came after it, RFC 9602's SRv6 SIDs and RFC 9637's documentation block included),
 * plus multicast, the reserved IPv4 space and the retired IPv6 forms a stack may still route. The
 * draft forbids fetching a client ID metadata document from any of them ("Server Side Request
 * Forgery (SSRF) Attacks"), so a stranger's `client_id` cannot make the authorization server call
 * itself, the network it sits in, or a cloud metadata endpoint. Exported for the test that tries one
 * address in each block. node:net's BlockList does the matching, for IPv4 and IPv6 alike.
 */
export const SPECIAL_USE_BLOCKS: ReadonlyArray<{ block: string; why: string }> = [
  { block: "0.0.0.0/8", why: "this network" },
  { block: "10.0.0.0/8", why: "private" },
  { block: "100.64.0.0/10", why: "carrier-grade NAT" },
  { block: "127.0.0.0/8", why: "loopback" },
  { block: "169.254.0.0/16", why: "link-local, cloud metadata services" },
  { block: "172.16.0.0/12", why: "private" },
  { block: "192.0.0.0/24", why: "IETF protocol assignments (DS-Lite, NAT64 discovery, TURN anycast)" },
  { block: "192.0.2.0/24", why: "documentation" },
  { block: "192.31.196.0/24", why: "AS112 (RFC 7535)" },
  { block: "192.52.193.0/24", why: "AMT (RFC 7450)" },
  { block: "192.88.99.0/24", why: "6to4 relay anycast (deprecated)" },
  { block: "192.168.0.0/16", why: "private" },
  { block: "192.175.48.0/24", why: "AS112 direct delegation (RFC 7534)" },
  { block: "198.18.0.0/15", why: "benchmarking" },
  { block: "198.51.100.0/24", why: "documentation" },
  { block: "203.0.113.0/24", why: "documentation" },
  { block: "224.0.0.0/4", why: "multicast" },
  { block: "240.0.0.0/4", why: "reserved, and 255.255.255.255 broadcast" },
  // Unspecified (::), loopback (::1) and IPv4-compatible (::a.b.c.d, deprecated by RFC 4291
  // §2.5.5.1): `https://[::7f00:1]/` would otherwise reach 127.0.0.1 on a stack that still routes them.
  { block: "::/96", why: "unspecified, loopback, IPv4-compatible" },
  // IPv4-translated (RFC 2765, `::ffff:0:a.b.c.d`): reaches the IPv4 address it embeds through SIIT.
  { block: "::ffff:0:0:0/96", why: "IPv4-translated" },
  { block: "64:ff9b::/96", why: "IPv4/IPv6 translation" },
  { block: "64:ff9b:1::/48", why: "local-use IPv4/IPv6 translation" },
  { block: "100::/64", why: "discard-only" },
  { block: "100:0:0:1::/64", why: "dummy IPv6 prefix (RFC 9780)" },
  { block: "2001::/23", why: "IETF protocol assignments (Teredo, ORCHID, AMT, benchmarking…)" },
  { block: "2001:db8::/32", why: "documentation" },
  { block: "2002::/16", why: "6to4" },
  { block: "2620:4f:8000::/48", why: "AS112 direct delegation" },
  { block: "3fff::/20", why: "documentation (RFC 9637)" },
  { block: "5f00::/16", why: "segment routing (SRv6) SIDs (RFC 9602)" },
  { block: "fc00::/7", why: "unique local" },
  { block: "fe80::/10", why: "link-local" },
  { block: "fec0::/10", why: "site-local (deprecated)" },
  { block: "ff00::/8", why: "multicast" },
];

const SPECIAL_USE = new BlockList();
for (const { block } of SPECIAL_USE_BLOCKS) {
  const [network = "", prefix = ""] = block.split("/");
  SPECIAL_USE.addSubnet(network, Number(prefix), isIP(network) === 6 ? "ipv6" : "ipv4");
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
